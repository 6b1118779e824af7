/**
 * Capacity per core (issue 24 §2), first step: process CPU milliseconds per call of `GET /config.json`
 * on the real app (built in this process) as a ratio to a bare Fastify route answering JSON of the same
 * size in the same run, median of 5 runs of 2,000 calls each, and the process's memory (RSS, heap,
 * external, array buffers) after the calls. Calls go through `inject`, so the figures hold the app's
 * own work without the sockets. The signed-in calls and the PostgreSQL run are still to come.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { median } from './support/stats';

const CALLS = 2000;
const RUNS = 5;

/** Process CPU (user + system) milliseconds per call of `url` over CALLS calls. */
async function cpuMsPerCall(app: FastifyInstance, url: string): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) {
    const response = await app.inject({ method: 'GET', url });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / CALLS;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config');
  const { createTestDatabase } = await import('../apps/server/src/testing/test-database');
  const { createLocalBlobStore } = await import('../apps/server/src/platform/blob-store');

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'capacity-bench-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOB_CONCURRENCY: '0' });
    const db = await createTestDatabase();
    const app = await buildApp({ config, db, blobs: createLocalBlobStore(dataDir), logger: false });
    await app.ready();

    // The bare route answers a body of the same size, so the ratio is the app's work, not the bytes.
    const size = (await app.inject({ method: 'GET', url: '/config.json' })).body.length;
    const body = { padding: 'x'.repeat(Math.max(0, size - 14)) };
    const bare = Fastify();
    bare.get('/bare', async () => body);
    await bare.ready();

    const measured: number[] = [];
    const baseline: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      baseline.push(await cpuMsPerCall(bare, '/bare'));
      measured.push(await cpuMsPerCall(app, '/config.json'));
    }
    const load = os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
    const memory = process.memoryUsage();
    console.log(`load average ${load}`);
    console.log(
      `GET /config.json (${size} B): ${median(measured).toFixed(3)} ms CPU per call, bare ${median(baseline).toFixed(3)} ms, ratio ${(median(measured) / median(baseline)).toFixed(1)}x`,
    );
    console.log(
      `memory: rss ${megabytes(memory.rss)}, heap used ${megabytes(memory.heapUsed)}, external ${megabytes(memory.external)}, array buffers ${megabytes(memory.arrayBuffers)}`,
    );
    await bare.close();
    await app.close();
    await db.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
