/**
 * Memory per API replica (issue 24 §2): the resident memory of the real server process
 * (`apps/server/src/server.ts`, as the image runs it, with the API replica's environment of
 * deploy/kubernetes/api.yaml: no jobs, a small young generation) on PostgreSQL, idle after start and
 * under LOAD_SECONDS of five common signed-in calls (autocannon, 10 connections), sampled every 250 ms;
 * and what each heavy library costs a process that imports it, so the figures can be read by part.
 * The database is a fresh `capacity_memory` next to DATABASE_URL's; the demo data is seeded by a first
 * start, so the measured start holds no demo code.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { importJWK, SignJWT } from 'jose';
import pg from 'pg';
import { createAuthSecretsRepository } from '../apps/server/src/auth/auth-secrets.repository';
import { loadAuthSecrets } from '../apps/server/src/auth/auth-secrets.service';
import { API_AUDIENCE } from '../apps/server/src/auth/auth-paths';
import { openPostgresDatabase } from '../apps/server/src/platform/database';
import { createBenchServer } from './support/bench-server';
import { insertLibraryPhotos, CUSTOMER_LIBRARY } from './support/timeline-library';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_DIR = path.join(ROOT, 'apps/server');
const PORT = 18_470;
const HOST = `nl.localhost:${PORT}`;
const DATABASE = 'capacity_memory';
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const LOAD_SECONDS = Number(process.env.MEMORY_LOAD_SECONDS ?? 60);
const IDLE_SECONDS = 5;

/** Libraries an API replica may or may not need; each measured alone in a fresh process. */
const PARTS = [
  '@electric-sql/pglite',
  'sharp',
  'pdfkit',
  '@aws-sdk/client-s3',
  'exiftool-vendored',
  'heic-decode',
  'oidc-provider',
  'mercurius',
  '@opentelemetry/exporter-trace-otlp-http',
];

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kilobytes) throw new Error(`no VmRSS for ${pid}`);
  return Number(kilobytes) * 1024;
}

async function recreateDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const url = new URL(DATABASE_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

function getStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`http://127.0.0.1:${PORT}${url}`, { headers: { host: HOST, ...headers } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/** An access token as the storefront's embedded provider issues one, for the bench's calls. */
async function accessTokenFor(databaseUrl: string): Promise<string> {
  const db = await openPostgresDatabase(databaseUrl);
  try {
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM customers WHERE email = $1`, [
      'demo@example.com',
    ]);
    const customerId = rows[0]!.id;
    await insertLibraryPhotos(db, customerId, CUSTOMER_LIBRARY);
    const secrets = await loadAuthSecrets(createAuthSecretsRepository(db));
    const key = secrets.signingKeys[0]!;
    return await new SignJWT({ amr: ['pwd'] })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: key.kid })
      .setIssuer(`http://${HOST}/oidc`)
      .setAudience(API_AUDIENCE)
      .setSubject(customerId)
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(await importJWK(key, 'ES256'));
  } finally {
    await db.close();
  }
}

/** Resident memory a fresh process gains by importing `specifier` (after a collection), in MB. */
function importCost(specifier: string): string {
  const script = `
    globalThis.gc(); const before = process.memoryUsage();
    await import(${JSON.stringify(specifier)});
    globalThis.gc(); const after = process.memoryUsage();
    console.log(JSON.stringify({ rss: after.rss - before.rss, heap: after.heapUsed - before.heapUsed }));`;
  const child = spawnSync('node', ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: SERVER_DIR,
    encoding: 'utf8',
  });
  if (child.status !== 0) return `failed: ${child.stderr.slice(0, 200)}`;
  const cost = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { rss: number; heap: number };
  return `rss +${megabytes(cost.rss)}, heap +${megabytes(cost.heap)}`;
}

async function main() {
  if (!process.argv.includes('--no-parts')) {
    console.log(`import cost per part (fresh process each), load average ${load()}`);
    for (const part of [...PARTS, './src/app.ts']) console.log(`| ${part} | ${importCost(part)} |`);
  }

  const databaseUrl = await recreateDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'));
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'bench-memory-web-'));
  const env = {
    DATABASE_URL: databaseUrl,
    WEB_DIST_DIR: webDir,
    JOB_CONCURRENCY: '0',
    NODE_OPTIONS: '--max-semi-space-size=4',
  };
  try {
    // The first start seeds the demo (and loads its image and PDF code); the measured one does not.
    const seeding = createBenchServer({
      root: ROOT,
      port: PORT,
      dataDir,
      nice: 0,
      env: { ...env, DEMO_DATA: 'true' },
    });
    await seeding.start();
    await seeding.stop();
    const token = await accessTokenFor(databaseUrl);
    const headers = { authorization: `Bearer ${token}` };

    const server = createBenchServer({ root: ROOT, port: PORT, dataDir, nice: 0, env });
    const startMs = await server.start();
    const pid = server.pid()!;
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const idle = residentBytes(pid);
    console.log(
      `API replica on PostgreSQL, idle ${IDLE_SECONDS} s after start (${(startMs / 1000).toFixed(1)} s): RSS ${megabytes(idle)}, load average ${load()}`,
    );

    const month = `/api/photos/photos/timeline/${CUSTOMER_LIBRARY.bigMonth.year}/${CUSTOMER_LIBRARY.bigMonth.month}?limit=24`;
    const calls = [
      '/api/customers/customers/me',
      '/api/photos/users/timeline',
      month,
      '/api/orders/v2/superorders/me?OrderState=notExpired',
      '/api/photos/albums',
    ];
    for (const url of calls) {
      const status = await getStatus(url, headers);
      if (status !== 200) throw new Error(`${url} answered ${status}`);
    }
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(pid));
    }, 250);
    const result = await autocannon({
      url: `http://127.0.0.1:${PORT}`,
      connections: 10,
      duration: LOAD_SECONDS,
      headers: { host: HOST, ...headers },
      requests: calls.map((url) => ({ method: 'GET', path: url })),
    });
    clearInterval(sampler);
    const after = residentBytes(pid);
    console.log(
      `under ${LOAD_SECONDS} s of the five calls (10 connections, ${Math.round(result.requests.average)} requests/s, ${result.non2xx} non-2xx, ${result.errors} errors): RSS peak ${megabytes(peak)}, at the end ${megabytes(after)}, load average ${load()}`,
    );
    await server.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDir, { recursive: true, force: true });
  }
}

await main();
