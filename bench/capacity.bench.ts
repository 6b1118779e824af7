/**
 * Capacity per core (issue 24 §2), first step: process CPU milliseconds per call of `GET /config.json`
 * on the real app (built in this process) as a ratio to a bare Fastify route answering JSON of the same
 * size in the same run, median of 5 runs of 2,000 calls each, and the process's memory (RSS, heap,
 * external, array buffers) after the calls. Calls go through `inject`, so the figures hold the app's
 * own work without the sockets. The signed-in calls and the PostgreSQL run are still to come.
 */
import os from 'node:os';
import Fastify, { type FastifyInstance } from 'fastify';
import { median } from './support/stats';

const CALLS = 2000;
const RUNS = 5;

/** Process CPU (user + system) milliseconds per call of `url` over CALLS calls. */
async function cpuMsPerCall(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string> = {},
): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) {
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / CALLS;
}

/** The calls measured so far, each with whether it needs the signed-in session. */
const CASES = [
  { name: 'config', url: '/config.json', signedIn: false },
  { name: 'profile', url: '/api/customers/customers/me', signedIn: true },
] as const;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const { createTestApp } = await import('../apps/server/src/testing/test-app');
  const { signInDemoAccounts } = await import('../apps/server/src/testing/sign-in');
  const t = await createTestApp({ JOB_CONCURRENCY: '0' });
  const [demo] = await signInDemoAccounts(t, ['demo@example.com'] as const);
  const load = () =>
    os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');

  for (const call of CASES) {
    const headers = call.signedIn ? demo.headers : {};
    // The bare route answers a body of the same size, so the ratio is the app's work, not the bytes.
    const size = (await t.app.inject({ method: 'GET', url: call.url, headers })).body.length;
    const body = { padding: 'x'.repeat(Math.max(0, size - 14)) };
    const bare = Fastify();
    bare.get('/bare', async () => body);
    await bare.ready();
    const measured: number[] = [];
    const baseline: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      baseline.push(await cpuMsPerCall(bare, '/bare'));
      measured.push(await cpuMsPerCall(t.app, call.url, headers));
    }
    await bare.close();
    console.log(
      `${call.name} GET ${call.url} (${size} B): ${median(measured).toFixed(3)} ms CPU per call, bare ${median(baseline).toFixed(3)} ms, ratio ${(median(measured) / median(baseline)).toFixed(1)}x, load average ${load()}`,
    );
  }
  const memory = process.memoryUsage();
  console.log(
    `memory: rss ${megabytes(memory.rss)}, heap used ${megabytes(memory.heapUsed)}, external ${megabytes(memory.external)}, array buffers ${megabytes(memory.arrayBuffers)}, load average ${load()}`,
  );
  await t.close();
}

await main();
