import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import type { Database } from './database';
import { startJobWorker, type Schedule } from './job-queue';

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
