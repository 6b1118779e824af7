import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import type { Database } from './database';
import { enqueueJob, retryDelaySeconds, startJobWorker, type Schedule } from './job-queue';

const logger = pino({ level: 'silent' });

describe(`scheduled jobs (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  const makeDue = (name: string) =>
    db.query(`UPDATE schedules SET next_run_at = now() - interval '1 second' WHERE name = $1`, [name]);

  const until = async (condition: () => boolean) => {
    for (let waited = 0; !condition() && waited < 10_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('runs a due schedule once across two worker replicas, and again when it is due again', async () => {
    const runs: string[] = [];
    const schedule: Schedule = { name: 'test.sweep', kind: 'test.sweep', everySeconds: 3600 };
    const replica = (id: string) =>
      startJobWorker({
        db,
        logger,
        concurrency: 1,
        pollIntervalMs: 20,
        handlers: { 'test.sweep': async () => void runs.push(id) },
        schedules: [schedule],
      });
    const workers = [replica('a'), replica('b')];
    await until(() => runs.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await Promise.all(workers.map((worker) => worker.drain()));
    expect(runs).toHaveLength(1);

    await makeDue(schedule.name);
    await until(() => runs.length > 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await Promise.all(workers.map((worker) => worker.drain()));
    expect(runs).toHaveLength(2);
    await Promise.all(workers.map((worker) => worker.stop()));

    const { rows } = await db.query<{ every_seconds: number; ahead: boolean }>(
      `SELECT every_seconds, next_run_at > now() + interval '59 minutes' AS ahead FROM schedules WHERE name = $1`,
      [schedule.name],
    );
    expect(rows).toEqual([{ every_seconds: 3600, ahead: true }]);
  });

  it('fires nothing on an API-only replica (no job concurrency)', async () => {
    const runs: string[] = [];
    const schedule: Schedule = { name: 'test.api-only', kind: 'test.api-only', everySeconds: 60 };
    const worker = startJobWorker({
      db,
      logger,
      concurrency: 0,
      pollIntervalMs: 20,
      handlers: { 'test.api-only': async () => void runs.push('ran') },
      schedules: [schedule],
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await worker.stop();
    expect(runs).toEqual([]);
    const { rows } = await db.query(`SELECT name FROM schedules WHERE name = $1`, [schedule.name]);
    expect(rows).toEqual([]);
  });

  it('refuses a schedule whose job has no handler', () => {
    expect(() =>
      startJobWorker({
        db,
        logger,
        concurrency: 1,
        handlers: {},
        schedules: [{ name: 'test.orphan', kind: 'test.orphan', everySeconds: 60 }],
      }),
    ).toThrow(/names no job handler/);
  });
});

describe(`job leases across worker replicas (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  const until = async (condition: () => boolean | Promise<boolean>) => {
    for (let waited = 0; !(await condition()) && waited < 10_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const jobRow = async (id: string) =>
    (
      await db.query<{ state: string; attempts: number; locked_by: string | null }>(
        `SELECT state, attempts, locked_by FROM jobs WHERE id = $1`,
        [id],
      )
    ).rows[0];

  it('hands a job it cannot finish within the grace period back to another worker, the attempt not counted', async () => {
    const done: string[] = [];
    let releaseStuck: () => void = () => undefined;
    const stopping = startJobWorker({
      db,
      logger,
      concurrency: 1,
      pollIntervalMs: 20,
      handlers: {
        'test.long': () =>
          new Promise<void>((resolve) => {
            releaseStuck = resolve;
          }),
      },
    });
    const id = await enqueueJob(db, 'test.long', { n: 1 });
    await until(async () => (await jobRow(id))?.state === 'running');

    await stopping.stop({ graceMs: 100 });
    expect(await jobRow(id)).toEqual({ state: 'queued', attempts: 0, locked_by: null });

    // The first handler ending late changes nothing: the job is no longer its to finish.
    releaseStuck();
    const other = startJobWorker({
      db,
      logger,
      concurrency: 1,
      pollIntervalMs: 20,
      handlers: { 'test.long': async (job) => void done.push(`${job.id}:${job.attempts}`) },
    });
    await until(() => done.length > 0);
    await other.drain();
    await other.stop();
    expect(done).toEqual([`${id}:1`]);
    expect(await jobRow(id)).toBeUndefined();
  });

  const failingWorker = (retryDelaySeconds?: (attempts: number) => number) =>
    startJobWorker({
      db,
      logger,
      concurrency: 1,
      pollIntervalMs: 20,
      retryDelaySeconds,
      handlers: {
        'test.failing': async () => {
          throw new Error('the printer is offline');
        },
      },
    });
  const queuedWait = async (id: string) =>
    (
      await db.query<{ state: string; attempts: number; wait: number }>(
        `SELECT state, attempts, round(extract(epoch FROM run_at - updated_at))::int AS wait FROM jobs WHERE id = $1`,
        [id],
      )
    ).rows[0];

  it('queues a failed job again after the backoff: 2 s after the first attempt, 4 s after the second', async () => {
    expect([1, 2, 3, 8, 9, 20].map(retryDelaySeconds)).toEqual([2, 4, 8, 256, 300, 300]);
    const worker = failingWorker();
    const id = await enqueueJob(db, 'test.failing', {});
    await until(
      async () => ((await queuedWait(id))?.attempts ?? 0) > 0 && (await queuedWait(id))?.state === 'queued',
    );
    await worker.stop();
    // On a machine slow enough for the 2 s to pass before the worker stopped, the retry has run too.
    const { attempts, wait } = (await queuedWait(id))!;
    expect(wait).toBe(2 ** attempts);
    await db.query(`DELETE FROM jobs WHERE id = $1`, [id]);
  });

  it('waits before a retry as long as it is told to (tests hold retries until they make them due)', async () => {
    const worker = failingWorker((attempts) => 1000 * attempts);
    const id = await enqueueJob(db, 'test.failing', {});
    await until(
      async () => (await queuedWait(id))?.attempts === 1 && (await queuedWait(id))?.state === 'queued',
    );
    expect(await queuedWait(id)).toEqual({ state: 'queued', attempts: 1, wait: 1000 });
    await db.query(`UPDATE jobs SET run_at = now() WHERE id = $1`, [id]);
    await until(
      async () => (await queuedWait(id))?.attempts === 2 && (await queuedWait(id))?.state === 'queued',
    );
    expect(await queuedWait(id)).toEqual({ state: 'queued', attempts: 2, wait: 2000 });
    await worker.stop();
    await db.query(`DELETE FROM jobs WHERE id = $1`, [id]);
  });

  it('lets running jobs finish when they end within the grace period', async () => {
    const done: string[] = [];
    const worker = startJobWorker({
      db,
      logger,
      concurrency: 1,
      pollIntervalMs: 20,
      handlers: {
        'test.short': async () => {
          await new Promise((resolve) => setTimeout(resolve, 200));
          done.push('finished');
        },
      },
    });
    const id = await enqueueJob(db, 'test.short', {});
    await until(async () => (await jobRow(id))?.state === 'running');
    await worker.stop({ graceMs: 10_000 });
    expect(done).toEqual(['finished']);
    expect(await jobRow(id)).toBeUndefined();
  });

  it("finishes a killed worker's job once its lease lapses", async () => {
    // What a killed process leaves behind: a running job whose lease nobody renews.
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO jobs (kind, payload, state, attempts, locked_until, locked_by)
       VALUES ('test.orphaned', '{}', 'running', 1, now() + interval '1 second', 'killed-replica') RETURNING id`,
    );
    const id = rows[0]!.id;
    const done: number[] = [];
    const worker = startJobWorker({
      db,
      logger,
      concurrency: 1,
      pollIntervalMs: 50,
      handlers: { 'test.orphaned': async (job) => void done.push(job.attempts) },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(done).toEqual([]);
    await until(() => done.length > 0);
    await worker.drain();
    await worker.stop();
    expect(done).toEqual([2]);
    expect(await jobRow(id)).toBeUndefined();
  });

  it('keeps a running job its worker while the heartbeat renews the lease, however long the job takes', async () => {
    const LEASE_SECONDS = 2;
    let releaseFirst: () => void = () => undefined;
    const runs: string[] = [];
    const worker = (name: string) =>
      startJobWorker({
        db,
        logger,
        concurrency: 1,
        pollIntervalMs: 20,
        // Two seconds, renewed every third of it: a renewal would have to be more than a second late
        // on a busy machine before the second worker could claim the job.
        leaseSeconds: LEASE_SECONDS,
        handlers: {
          'test.long': () => {
            runs.push(name);
            if (name !== 'first') return Promise.resolve();
            return new Promise<void>((resolve) => {
              releaseFirst = resolve;
            });
          },
        },
      });
    const first = worker('first');
    const id = await enqueueJob(db, 'test.long', {});
    await until(() => runs.length > 0);
    const second = worker('second');
    // Three lease lengths: without renewal the second worker would have claimed the job twice over.
    await new Promise((resolve) => setTimeout(resolve, 3 * LEASE_SECONDS * 1000));
    releaseFirst();
    await first.stop();
    await second.stop();
    expect(runs).toEqual(['first']);
    expect(await jobRow(id)).toBeUndefined();
  });

  it('keeps a job whose lease lapsed and was taken over from being finished by the first worker', async () => {
    let releaseFirst: () => void = () => undefined;
    const runs: string[] = [];
    const first = startJobWorker({
      db,
      logger,
      concurrency: 1,
      pollIntervalMs: 20,
      leaseSeconds: 1,
      handlers: {
        'test.slow': () => {
          runs.push('first');
          return new Promise<void>((resolve) => {
            releaseFirst = resolve;
          });
        },
      },
    });
    const id = await enqueueJob(db, 'test.slow', {});
    await until(() => runs.length > 0);
    // Another worker takes the job over as if the first one's lease had lapsed (a long pause, a lost network).
    await db.query(
      `UPDATE jobs SET locked_until = now() - interval '1 second', locked_by = 'other' WHERE id = $1`,
      [id],
    );
    releaseFirst();
    await first.stop();
    expect(await jobRow(id)).toMatchObject({ state: 'running', locked_by: 'other' });
  });
});
