/**
 * The cluster after kill -9 (issue 24 §4, decision 144): workers killed while they process uploaded
 * photos, and API and worker replicas killed and started again 30 times under write load, on
 * PostgreSQL. A cluster of its own (another port than cluster.test.ts), started without the demo's
 * libraries so no backlog of demo jobs stands between a kill and what it measures.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCustomersRepository } from '../../apps/server/src/customers/customers.repository';
import { seedDemoAccounts } from '../../apps/server/src/demo/demo-accounts';
import { openPostgresDatabase } from '../../apps/server/src/platform/database';
import { createTestDatabase, type TestDatabase } from './test-database';
import { startCluster, type Cluster, type Replica } from './cluster';
import {
  fixturePhotos,
  expectNoWriteLost,
  missingAcknowledged,
  photoFixturesPresent,
  startWriter,
  untilWriteInFlight,
  uniqueJpeg,
  uploadOverTus,
} from './hard-kill';
import { signInOverHttp, type HttpCustomer } from './http-customer';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverUrl = process.env.DATABASE_URL;
const BASE_PORT = 8290;
const CYCLES = Number(process.env.HARD_KILL_CYCLES ?? 30);

describe.runIf(serverUrl && photoFixturesPresent)('the cluster after kill -9, on PostgreSQL', () => {
  let cluster: Cluster;
  let database: TestDatabase;
  let db: pg.Pool;
  let dir: string;
  let customer: HttpCustomer;

  beforeAll(async () => {
    database = await createTestDatabase(serverUrl!, 'hard_kill');
    db = database.pool;
    dir = await mkdtemp(path.join(tmpdir(), 'hard-kill-'));
    cluster = await startCluster({
      root,
      dir,
      databaseUrl: database.url,
      basePort: BASE_PORT,
      s3: inject('sharedS3') ?? undefined,
      bucket: 'hard-kill-photos',
      demoData: false,
      env: { SHUTDOWN_GRACE_SECONDS: '5', WEB_DIST_DIR: dir, LOG_LEVEL: 'warn' },
    });
    const accounts = await openPostgresDatabase(database.url, { maxConnections: 1 });
    await seedDemoAccounts(createCustomersRepository(accounts));
    await accounts.close();
    customer = await signInOverHttp(cluster.url, {
      host: `nl.localhost:${BASE_PORT}`,
      email: 'demo@example.com',
      password: 'demo-password',
    });
  });
  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const photoStates = async (ids: string[]) =>
    (
      await db.query<{ status: string }>(`SELECT status FROM photos WHERE id = ANY($1::uuid[])`, [ids])
    ).rows.map((row) => row.status);

  /** A killed replica's sessions end with it at once (PostgreSQL notices a dead client only later). */
  const endSessionsOf = (replica: Replica) =>
    db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND application_name = $1`,
      [replica.name],
    );

  it('processes on a worker every uploaded photo whose worker was killed mid-processing', async () => {
    const [first, second] = [cluster.replica('worker-1'), cluster.replica('worker-2')];
    const photos = (await fixturePhotos()).slice(0, 8);
    // Both workers held still while the uploads land, so the photos' jobs all wait for worker-1.
    await first.freeze();
    await second.freeze();
    let ids: string[];
    try {
      const uploads = await Promise.all(
        photos.map((photo) => uploadOverTus(customer, photo.name, uniqueJpeg(photo.bytes))),
      );
      expect(uploads.map((upload) => upload.status)).toEqual(photos.map(() => 200));
      ids = uploads.map((upload) => upload.photoId!);
      first.thaw();
      await expect
        .poll(
          async () =>
            (
              await db.query(
                `SELECT 1 FROM jobs WHERE kind = 'photo.process' AND state = 'running'
                 AND payload->>'photoId' = ANY($1::text[])`,
                [ids],
              )
            ).rows.length,
          { timeout: 60_000, interval: 20 },
        )
        .toBeGreaterThan(0);
      await first.kill();
    } finally {
      first.thaw();
      second.thaw();
    }
    const killedAt = performance.now();
    const runningAtKill = (
      await db.query(
        `SELECT 1 FROM jobs WHERE kind = 'photo.process' AND state = 'running' AND payload->>'photoId' = ANY($1::text[])`,
        [ids],
      )
    ).rows.length;
    await endSessionsOf(first);
    // worker-1 comes back as an orchestrator would restart it; whichever worker is free takes the jobs.
    const restarted = first.start();

    await expect
      .poll(() => photoStates(ids), { timeout: 120_000, interval: 250 })
      .toEqual(ids.map(() => 'ready'));
    const seconds = (performance.now() - killedAt) / 1000;
    // The lease (15 s, decision 140) decides this figure; printed, asserted only loosely (noisy machines).
    console.info(
      `worker killed with ${runningAtKill} of ${ids.length} uploaded photos in processing: all ready ${seconds.toFixed(1)} s after the kill`,
    );
    expect(seconds).toBeLessThan(120);
    await restarted;
    expect(await missingAcknowledged(customer, { photos: ids, albums: [] })).toEqual([]);
  });

  it(
    `keeps every acknowledged write, whole, through ${CYCLES} kill -9 cycles of API and worker replicas`,
    { timeout: 60 * 60_000 },
    async () => {
      const signIn = () =>
        signInOverHttp(cluster.url, {
          host: `nl.localhost:${BASE_PORT}`,
          email: 'demo@example.com',
          password: 'demo-password',
        });
      const writer = startWriter(customer, await fixturePhotos(), signIn);
      const restarts: number[] = [];
      // API replicas and workers in turn; one of each role always stands while its peer restarts.
      const killInTurn = async (pair: [Replica, Replica], count: number) => {
        for (let cycle = 0; cycle < count; cycle += 1) {
          const victim = pair[cycle % 2]!;
          await untilWriteInFlight(writer, 200, 800);
          await victim.kill();
          const down = performance.now();
          await endSessionsOf(victim);
          await victim.start();
          restarts.push(performance.now() - down);
        }
      };
      const started = performance.now();
      await Promise.all([
        killInTurn([cluster.replica('api-1'), cluster.replica('api-2')], Math.ceil(CYCLES / 2)),
        killInTurn([cluster.replica('worker-1'), cluster.replica('worker-2')], Math.floor(CYCLES / 2)),
      ]);
      await writer.stop();
      const cyclesSeconds = (performance.now() - started) / 1000;

      await expectNoWriteLost(customer, writer, { label: 'cluster', seconds: cyclesSeconds, restarts });

      // Nothing half-written: a photo is ready, or its upload was cut short and its held-back job will
      // remove it; no job is left running past its lease.
      const halfWritten = await db.query(
        `SELECT p.id, p.status FROM photos p
         WHERE p.status <> 'ready' AND NOT EXISTS (
           SELECT 1 FROM jobs j WHERE j.kind = 'photo.process' AND j.state IN ('queued', 'running')
           AND j.payload->>'photoId' = p.id::text)`,
      );
      expect(halfWritten.rows).toEqual([]);
      const stuck = await db.query(
        `SELECT id, kind FROM jobs WHERE state = 'running' AND (locked_until IS NULL OR locked_until < now() - interval '1 minute')`,
      );
      expect(stuck.rows).toEqual([]);
    },
  );
});
