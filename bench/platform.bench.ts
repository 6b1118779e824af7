/**
 * Platform figures (issue "Platform", section 5), printed, never asserted:
 * - time from `npm start` to ready, on an empty and on an existing data folder;
 * - the web app's initial JavaScript, gzip;
 * - requests per second of GET /config.json as a ratio to a bare Fastify route in the same run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';
import Fastify from 'fastify';
import { chromiumArgs, chromiumPath } from '../e2e/chromium-path';
import { median } from './support/stats';
import { demoServerEnv } from './support/bench-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = 3;

async function waitUntilReady(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`not ready after ${timeoutMs} ms`);
}

/** Starts `npm start` and resolves with the milliseconds until /readyz answers. */
async function timeStart(dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    await waitUntilReady(`http://127.0.0.1:${port}/readyz`, 120_000);
    return performance.now() - started;
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function startupFigures() {
  const empty: number[] = [];
  const existing: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-start-'));
    empty.push(await timeStart(dataDir, 8301));
    existing.push(await timeStart(dataDir, 8301));
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { empty: median(empty), existing: median(existing) };
}

/**
 * The JavaScript a browser really fetches to show the signed-in shell: Chromium signs in as the demo
 * customer and opens the overview; every script it loads until the overview's heading shows is
 * counted at its gzip size (the server sends scripts gzip-compressed).
 */
async function initialJavaScriptGzip(): Promise<{ files: number; bytes: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-js-'));
  const port = 8304;
  const server = spawn('node', ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: demoServerEnv(port, dataDir),
    stdio: 'ignore',
  });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: chromiumArgs,
  });
  try {
    await waitUntilReady(`http://127.0.0.1:${port}/readyz`, 120_000);
    const page = await browser.newPage();
    await page.goto(`http://uk.localhost:${port}/`);
    await page.getByLabel('E-mail address').fill('demo@example.com');
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`http://uk.localhost:${port}/`);
    // A fresh page load of the signed-in shell, counting only what that load fetches.
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    const dist = path.join(root, 'apps/web/dist');
    const bytes = [...scripts].reduce(
      (sum, script) => sum + gzipSync(readFileSync(path.join(dist, script))).length,
      0,
    );
    return { files: scripts.size, bytes };
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function requestsPerSecond(url: string, headers: Record<string, string>): Promise<number> {
  const result = await autocannon({ url, headers, connections: 20, duration: 5 });
  return result.requests.average;
}

async function throughputFigures() {
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config');
  const { createTestDatabase } = await import('../apps/server/src/testing/test-database');
  const { createLocalBlobStore } = await import('../apps/server/src/platform/blob-store');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-rps-'));
  const config = loadConfig({ PORT: '8302', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOB_CONCURRENCY: '0' });
  const db = await createTestDatabase();
  const app = await buildApp({ config, db, blobs: createLocalBlobStore(dataDir), logger: false });
  await app.listen({ port: 8302, host: '127.0.0.1' });
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  await bare.listen({ port: 8303, host: '127.0.0.1' });

  const ratios: number[] = [];
  const configRps: number[] = [];
  const bareRps: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const baseline = await requestsPerSecond('http://127.0.0.1:8303/bare', {});
    const measured = await requestsPerSecond('http://127.0.0.1:8302/config.json', {
      host: 'nl.localhost:8302',
    });
    bareRps.push(baseline);
    configRps.push(measured);
    ratios.push(measured / baseline);
  }
  await app.close();
  await bare.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
  return { config: median(configRps), bare: median(bareRps), ratio: median(ratios) };
}

const js = await initialJavaScriptGzip();
const startup = await startupFigures();
const throughput = await throughputFigures();

console.log('\nPlatform figures (median of %d runs)', RUNS);
console.table([
  { figure: '`npm start` to ready, empty data folder', value: `${Math.round(startup.empty)} ms` },
  { figure: '`npm start` to ready, existing data folder', value: `${Math.round(startup.existing)} ms` },
  {
    figure: 'JavaScript fetched to show the signed-in overview (gzip), target <= 150 KB',
    value: `${(js.bytes / 1024).toFixed(1)} KiB in ${js.files} files`,
  },
  { figure: 'GET /config.json, requests/s', value: Math.round(throughput.config) },
  { figure: 'bare Fastify route, requests/s', value: Math.round(throughput.bare) },
  { figure: 'GET /config.json as a ratio to the bare route', value: throughput.ratio.toFixed(2) },
]);
