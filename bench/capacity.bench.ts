/**
 * Capacity per core (issue 24 §2): process CPU milliseconds per call of the ten calls a signed-in
 * customer makes most, on the real app built in this process (one replica, calls one after another),
 * each as a ratio to a bare Fastify route answering the same number of bytes in the same run; median
 * of RUNS runs. From those, customers per core at a stated mix and the API replicas 200 customers need.
 * Calls go through `inject` (and `injectWS` for the push channel), so the figures hold the app's own
 * work without the sockets. `--postgres` runs on the PostgreSQL server of DATABASE_URL (a schema of its
 * own), where the database's CPU is another process's; on PGlite (the default) it is this process's.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { Database } from '../apps/server/src/platform/database';
import { openBenchDatabase } from './support/bench-database';
import { median } from './support/stats';
import { insertLibraryPhotos, CUSTOMER_LIBRARY } from './support/timeline-library';

const CALLS = Number(process.env.CAPACITY_CALLS ?? 500);
const RUNS = Number(process.env.CAPACITY_RUNS ?? 5);
const engine = process.argv.includes('--postgres') ? 'postgres' : 'pglite';
/** A folder for one CPU profile per call (`<name>.cpuprofile`, one more run of the app's calls each). */
const PROFILE_DIR = process.env.CAPACITY_PROFILE_DIR;

/** Bytes of a 300 px WebP thumbnail (decision 007's derivatives are 15-30 KB). */
const THUMBNAIL_BYTES = 24_000;

type Inject = (app: FastifyInstance) => Promise<number>;

/** Process CPU (user + system) milliseconds per call over CALLS calls of `call`. */
async function cpuMsPerCall(app: FastifyInstance, call: Inject, calls = CALLS): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) await call(app);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / calls;
}

const get =
  (url: string, headers: Record<string, string>): Inject =>
  async (app) => {
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    return response.rawPayload.length;
  };

/** Connect, wait for the first message (the server's `OK`), close: what a page load costs the push channel. */
const pushConnect =
  (url: string, headers: Record<string, string>): Inject =>
  async (app) => {
    let socket: WebSocket | undefined;
    // Listening from the socket's creation on: a server that sends at once would otherwise be missed.
    const first = new Promise<Buffer>((resolve, reject) => {
      void app
        .injectWS(
          url,
          { headers },
          {
            onInit: (created) => {
              socket = created;
              created.once('message', (data: Buffer) => resolve(data));
              created.once('close', () => reject(new Error(`${url} closed before its first message`)));
            },
          },
        )
        .catch(reject);
    });
    const message = await first;
    const closed = new Promise((resolve) => socket!.once('close', resolve));
    socket!.terminate();
    await closed;
    return message.length;
  };

async function bareJson(bytes: number): Promise<{ app: FastifyInstance; call: Inject }> {
  const body = { padding: 'x'.repeat(Math.max(0, bytes - 14)) };
  const app = Fastify();
  app.get('/bare', async () => body);
  await app.ready();
  return { app, call: get('/bare', {}) };
}

async function bareBytes(bytes: number): Promise<{ app: FastifyInstance; call: Inject }> {
  const body = Buffer.alloc(bytes, 7);
  const app = Fastify();
  app.get('/bare', async (_request, reply) => reply.type('image/webp').send(body));
  await app.ready();
  return { app, call: get('/bare', {}) };
}

async function bareSocket(message: string): Promise<{ app: FastifyInstance; call: Inject }> {
  const app = Fastify();
  await app.register(websocket);
  app.get('/bare', { websocket: true }, (socket) => socket.send(message));
  await app.ready();
  return { app, call: pushConnect('/bare', {}) };
}

/** Writes the CPU profile of `work` (open it in Chrome's DevTools, or sum its self times per package). */
async function profile(file: string, work: () => Promise<unknown>): Promise<void> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  await work();
  const { profile: taken } = await session.post('Profiler.stop');
  session.disconnect();
  await writeFile(file, JSON.stringify(taken));
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/**
 * The stated mix (bench/README.md): a customer's visit of six page views, one every 10 s: the overview,
 * two screens of photos, the orders list, one order and the albums. Once a visit: config, profile,
 * account information, the push connect, the month index. Each photo screen: one section of 24 and its
 * 24 thumbnails (a browser that saw them before asks for none: immutable).
 */
export const VISIT: Record<string, number> = {
  config: 1,
  profile: 1,
  'account information': 1,
  'push connect': 1,
  'month index': 1,
  'section of 24': 2,
  thumbnail: 48,
  'orders list': 2,
  'order details': 1,
  'albums list': 1,
};
const PAGE_VIEWS_PER_VISIT = 6;
const SECONDS_PER_PAGE_VIEW = 10;
/** Headroom: a core planned at 70 % busy keeps answering in time when a page view's calls bunch up. */
const PLANNED_UTILISATION = 0.7;
const TARGET_CUSTOMERS = 200;

async function main() {
  const { createTestApp } = await import('../apps/server/src/testing/test-app');
  const { signInDemoAccounts } = await import('../apps/server/src/testing/sign-in');
  const { seedDemoLibraries, seedDemoShopData } = await import('../apps/server/src/demo/demo-data');
  const database = await openBenchDatabase(engine, 'capacity');
  // Statements sent to the database, counted: each is a round trip whose CPU this process pays too.
  let statements = 0;
  const db: Database = {
    ...database.db,
    query: (sql, params) => {
      statements += 1;
      return database.db.query(sql, params);
    },
  };
  const t = await createTestApp({ JOB_CONCURRENCY: '0' }, { db });
  await seedDemoLibraries({ db: t.db, blobs: t.blobs, limits: t.config.limits });
  await seedDemoShopData({ db: t.db, shopApi: t.app.shopApi });
  const [demo] = await signInDemoAccounts(t, ['demo@example.com'] as const);
  await insertLibraryPhotos(t.db, demo.customerId, CUSTOMER_LIBRARY);
  const headers = demo.headers;

  const month = `/api/photos/photos/timeline/${CUSTOMER_LIBRARY.bigMonth.year}/${CUSTOMER_LIBRARY.bigMonth.month}`;
  const section = await t.app.inject({ method: 'GET', url: `${month}?limit=24`, headers });
  const photoId = section.json<{ images: Array<{ imageId: string }> }>().images[0]!.imageId;
  await t.blobs.put(
    `photos/${demo.customerId}/${photoId}/300.webp`,
    Buffer.alloc(THUMBNAIL_BYTES, 1),
    'image/webp',
  );
  const orders = await t.app.inject({ method: 'GET', url: '/api/orders/v2/superorders/me', headers });
  const orderCode = orders.json<{ items: Array<{ orderCode: string }> }>().items[0]!.orderCode;

  const upgradeHeaders = { cookie: demo.cookie, origin: headers.origin!, host: headers.host! };
  const cases: Array<{ name: string; label: string; call: Inject; bare: 'json' | 'bytes' | 'socket' }> = [
    { name: 'config', label: 'GET /config.json', call: get('/config.json', headers), bare: 'json' },
    {
      name: 'profile',
      label: 'GET /api/customers/customers/me',
      call: get('/api/customers/customers/me', headers),
      bare: 'json',
    },
    {
      name: 'month index',
      label: 'GET /api/photos/users/timeline',
      call: get('/api/photos/users/timeline', headers),
      bare: 'json',
    },
    {
      name: 'section of 24',
      label: 'GET /api/photos/photos/timeline/:y/:m?limit=24',
      call: get(`${month}?limit=24`, headers),
      bare: 'json',
    },
    {
      name: 'thumbnail',
      label: 'GET /api/photos/files/:id/300',
      call: get(`/api/photos/files/${photoId}/300`, headers),
      bare: 'bytes',
    },
    {
      name: 'orders list',
      label: 'GET /api/orders/v2/superorders/me',
      call: get('/api/orders/v2/superorders/me?OrderState=notExpired', headers),
      bare: 'json',
    },
    {
      name: 'order details',
      label: 'GET /api/orders/v1/superorders/:code',
      call: get(`/api/orders/v1/superorders/${orderCode}`, headers),
      bare: 'json',
    },
    {
      name: 'albums list',
      label: 'GET /api/photos/albums',
      call: get('/api/photos/albums', headers),
      bare: 'json',
    },
    {
      name: 'account information',
      label: 'GET /api/storage/accounts/getaccountinformation',
      call: get('/api/storage/accounts/getaccountinformation', headers),
      bare: 'json',
    },
    {
      name: 'push connect',
      label: 'WS /api/photos/events (connect, OK, close)',
      call: pushConnect('/api/photos/events', upgradeHeaders),
      bare: 'socket',
    },
  ];

  const only = process.env.CAPACITY_ONLY?.split(',');
  const measuredMs = new Map<string, number>();
  console.log(`engine ${engine}, ${CALLS} calls x ${RUNS} runs per figure, load average ${load()}`);
  console.log('| call (bytes) | CPU ms | bare route CPU ms | ratio | database statements | load average |');
  for (const row of cases) {
    if (only && !only.includes(row.name)) continue;
    const size = await row.call(t.app);
    const bare =
      row.bare === 'json'
        ? await bareJson(size)
        : row.bare === 'bytes'
          ? await bareBytes(size)
          : await bareSocket('x'.repeat(size));
    // The push connect does a handshake per call: fewer of them keep its run as long as the others'.
    const calls = row.bare === 'socket' ? Math.ceil(CALLS / 5) : CALLS;
    // One run each, not counted, so both are measured compiled (a bare route starts interpreted too).
    await cpuMsPerCall(bare.app, bare.call, calls);
    statements = 0;
    await cpuMsPerCall(t.app, row.call, calls);
    const statementsPerCall = statements / calls;
    const measured: number[] = [];
    const baseline: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      baseline.push(await cpuMsPerCall(bare.app, bare.call, calls));
      measured.push(await cpuMsPerCall(t.app, row.call, calls));
    }
    await bare.app.close();
    if (PROFILE_DIR)
      await profile(path.join(PROFILE_DIR, `${row.name}.cpuprofile`), () =>
        cpuMsPerCall(t.app, row.call, calls),
      );
    measuredMs.set(row.name, median(measured));
    console.log(
      `| ${row.name}, \`${row.label}\` (${size} B) | ${median(measured).toFixed(3)} | ${median(baseline).toFixed(3)} | ${(median(measured) / median(baseline)).toFixed(1)}x | ${statementsPerCall.toFixed(1)} | ${load()} |`,
    );
  }

  if (measuredMs.size === cases.length) {
    const visitMs = Object.entries(VISIT).reduce(
      (sum, [name, count]) => sum + count * measuredMs.get(name)!,
      0,
    );
    const cpuMsPerCustomerSecond = visitMs / PAGE_VIEWS_PER_VISIT / SECONDS_PER_PAGE_VIEW;
    const customersPerCore = (1000 * PLANNED_UTILISATION) / cpuMsPerCustomerSecond;
    console.log(
      `visit (${PAGE_VIEWS_PER_VISIT} page views) ${visitMs.toFixed(1)} ms CPU; ${cpuMsPerCustomerSecond.toFixed(3)} ms CPU per customer-second; customers per core at ${PLANNED_UTILISATION * 100} % ${customersPerCore.toFixed(0)}; replicas (one core each) for ${TARGET_CUSTOMERS}: ${Math.ceil(TARGET_CUSTOMERS / customersPerCore)}; load average ${load()}`,
    );
  }
  const memory = process.memoryUsage();
  const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `bench process memory: rss ${megabytes(memory.rss)}, heap used ${megabytes(memory.heapUsed)}, external ${megabytes(memory.external)}, array buffers ${megabytes(memory.arrayBuffers)}`,
  );
  await t.close();
  await database.dispose();
}

await main();
