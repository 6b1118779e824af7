import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from './database';

export interface Job<Payload = unknown> {
  id: string;
  kind: string;
  payload: Payload;
  attempts: number;
  maxAttempts: number;
}

/** A job as its worker holds it: with this claim's lease token (only its holder may finish it). */
interface ClaimedJob extends Job {
  lease: string;
}

interface JobRow {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

/** A failure that retrying cannot cure (bad input): the job ends at once. */
export class PermanentJobError extends Error {}

export type JobHandler = (job: Job) => Promise<void>;

export interface EnqueueOptions {
  maxAttempts?: number;
  delayMs?: number;
}

const NOTIFY_CHANNEL = 'jobs_ready';
/**
 * A claimed job is someone's for this long; a killed worker's jobs come back after it. Short because the
 * heartbeat renews it every third of it while the job runs, so only a dead worker's claim ever lapses
 * (decision 140).
 */
const LEASE_SECONDS = 15;

/** Adds a job inside the caller's transaction, so the job exists exactly when the data it works on does. */
export async function enqueueJob(
  tx: Queryable,
  kind: string,
  payload: unknown,
  options: EnqueueOptions = {},
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO jobs (kind, payload, max_attempts, run_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING id`,
    [kind, JSON.stringify(payload), options.maxAttempts ?? 5, (options.delayMs ?? 0) / 1000],
  );
  await tx.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, kind]);
  return rows[0]!.id;
}

/** Makes a job that was enqueued with a delay runnable now (its data became complete early). */
export async function releaseJob(db: Queryable, id: string): Promise<void> {
  await db.query(`UPDATE jobs SET run_at = now() WHERE id = $1 AND state = 'queued'`, [id]);
  await db.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, id]);
}

const SCHEDULE_CHECK_MS = 1000;

/** Background work a module contributes: its job handlers and the schedules that start some of them. */
export interface BackgroundWork {
  handlers: Record<string, JobHandler>;
  schedules?: Schedule[];
}

/** Backoff after the n-th failed attempt: 2 s, 4 s, 8 s ... capped at 5 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(2 ** attempts, 300);
}

/** Recurring work: a job of `kind` every `everySeconds`, once per period across all replicas. */
export interface Schedule {
  name: string;
  kind: string;
  everySeconds: number;
}

export interface JobWorkerOptions {
  db: Database;
  logger: FastifyBaseLogger;
  handlers: Record<string, JobHandler>;
  /** Jobs run at once by this process; 0 for API-only replicas, which then fire no schedules either. */
  concurrency: number;
  schedules?: Schedule[];
  pollIntervalMs?: number;
  /** How long a claim lasts without renewal (tests shorten it); renewed every third of it. */
  leaseSeconds?: number;
  /** The wait before the next attempt after the n-th failed one; tests hold retries until they make them due. */
  retryDelaySeconds?: (attempts: number) => number;
  /** Told of every job this worker ends (metrics). */
  onJobEnded?: (kind: string, outcome: 'done' | 'failed' | 'handed-back', seconds: number) => void;
}

export interface StopOptions {
  /**
   * How long running jobs may take to finish before they are handed back (queued again at once, the
   * attempt not counted) for another worker; default: wait for them.
   */
  graceMs?: number;
}

/**
 * Records the schedules (a changed period applies from the next run) and enqueues the job of each one
 * that is due. The UPDATE moves a due schedule on and the job is added in the same transaction, so
 * replicas polling together run each due time once.
 */
export async function fireDueSchedules(db: Database, schedules: Schedule[]): Promise<string[]> {
  if (schedules.length === 0) return [];
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string; job_kind: string }>(
      `UPDATE schedules SET last_run_at = now(), next_run_at = now() + make_interval(secs => every_seconds)
       WHERE name = ANY($1) AND next_run_at <= now() RETURNING name, job_kind`,
      [schedules.map((schedule) => schedule.name)],
    );
    for (const row of rows) await enqueueJob(tx, row.job_kind, { schedule: row.name }, { maxAttempts: 1 });
    return rows.map((row) => row.name);
  });
}

async function registerSchedules(db: Database, schedules: Schedule[]): Promise<void> {
  for (const schedule of schedules) {
    // A new schedule runs soon after the first start; a known one keeps its next run.
    await db.query(
      `INSERT INTO schedules (name, job_kind, every_seconds, next_run_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (name) DO UPDATE SET job_kind = EXCLUDED.job_kind, every_seconds = EXCLUDED.every_seconds`,
      [schedule.name, schedule.kind, schedule.everySeconds],
    );
  }
}

/**
 * Drains the job table: in-process by default, or in worker replicas at scale (the same code).
 * Claiming uses SKIP LOCKED so replicas never take the same job.
 */
export function startJobWorker(options: JobWorkerOptions): {
  stop(options?: StopOptions): Promise<void>;
  drain(): Promise<void>;
} {
  const { db, logger, handlers, concurrency } = options;
  const leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
  const retryDelay = options.retryDelaySeconds ?? retryDelaySeconds;
  const kinds = Object.keys(handlers);
  const schedules = concurrency > 0 ? (options.schedules ?? []) : [];
  for (const schedule of schedules) {
    if (!handlers[schedule.kind]) throw new Error(`Schedule ${schedule.name} names no job handler`);
  }
  const schedulesReady = registerSchedules(db, schedules);
  const running = new Map<Promise<void>, ClaimedJob>();
  let stopped = false;
  let wake: (() => void) | undefined;
  let idleResolvers: Array<() => void> = [];

  const claim = async (): Promise<ClaimedJob | undefined> => {
    const lease = randomUUID();
    const { rows } = await db.query<JobRow>(
      `UPDATE jobs SET state = 'running', attempts = attempts + 1, updated_at = now(),
         locked_until = now() + make_interval(secs => $2), locked_by = $3
       WHERE id = (
         SELECT id FROM jobs
         WHERE kind = ANY($1) AND ((state = 'queued' AND run_at <= now()) OR (state = 'running' AND locked_until < now()))
         ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id, kind, payload, attempts, max_attempts`,
      [kinds, leaseSeconds, lease],
    );
    const row = rows[0];
    return (
      row && {
        id: row.id,
        kind: row.kind,
        payload: row.payload,
        attempts: row.attempts,
        maxAttempts: row.max_attempts,
        lease,
      }
    );
  };

  /** Jobs handed back by `stop`: their handlers may still end, but their outcome is no longer ours. */
  const handedBack = new Set<ClaimedJob>();

  // Every change below names the lease: a worker whose lease lapsed and was claimed again by another
  // changes nothing (the other one's run decides).
  const finish = async (job: ClaimedJob, error: unknown) => {
    if (handedBack.has(job)) return;
    if (!error) {
      await db.query(`DELETE FROM jobs WHERE id = $1 AND locked_by = $2`, [job.id, job.lease]);
      return;
    }
    const message = error instanceof Error ? error.message : 'job failed';
    const final = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
    logger.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, final, err: error }, 'job failed');
    await db.query(
      final
        ? `UPDATE jobs SET state = 'failed', last_error = $3, locked_until = NULL, locked_by = NULL,
             updated_at = now() WHERE id = $1 AND locked_by = $2`
        : `UPDATE jobs SET state = 'queued', last_error = $3, locked_until = NULL, locked_by = NULL,
             updated_at = now(), run_at = now() + make_interval(secs => $4) WHERE id = $1 AND locked_by = $2`,
      final ? [job.id, job.lease, message] : [job.id, job.lease, message, retryDelay(job.attempts)],
    );
  };

  /** Queues a job this worker will not finish for another one at once, without counting the attempt. */
  const handBack = async (job: ClaimedJob) => {
    handedBack.add(job);
    options.onJobEnded?.(job.kind, 'handed-back', 0);
    await db.query(
      `UPDATE jobs SET state = 'queued', attempts = greatest(attempts - 1, 0), locked_until = NULL,
         locked_by = NULL, run_at = now(), updated_at = now() WHERE id = $1 AND locked_by = $2`,
      [job.id, job.lease],
    );
    await db.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, job.kind]);
  };

  const runOne = async (job: ClaimedJob) => {
    const heartbeat = setInterval(
      () => {
        void db
          .query(
            `UPDATE jobs SET locked_until = now() + make_interval(secs => $3) WHERE id = $1 AND locked_by = $2`,
            [job.id, job.lease, leaseSeconds],
          )
          .catch(() => undefined);
      },
      (leaseSeconds * 1000) / 3,
    );
    let failure: unknown;
    const started = performance.now();
    try {
      await handlers[job.kind]!(job);
    } catch (error) {
      failure = error ?? new Error('job failed');
    } finally {
      clearInterval(heartbeat);
    }
    if (!handedBack.has(job)) {
      options.onJobEnded?.(job.kind, failure ? 'failed' : 'done', (performance.now() - started) / 1000);
    }
    await finish(job, failure);
  };

  let schedulesCheckedAt = 0;
  const fireSchedules = async () => {
    // The loop also wakes after every job; schedules are looked at about once a second, not each time.
    if (schedules.length === 0 || Date.now() - schedulesCheckedAt < SCHEDULE_CHECK_MS) return;
    schedulesCheckedAt = Date.now();
    await fireDueSchedules(db, schedules).catch((error: unknown) =>
      logger.error({ err: error }, 'firing due schedules failed'),
    );
  };

  const loop = async () => {
    await schedulesReady.catch((error: unknown) =>
      logger.error({ err: error }, 'registering schedules failed'),
    );
    while (!stopped) {
      // Only a round that looks for jobs after a drain was asked for may answer it: a job released
      // while an earlier round was claiming must not be missed.
      const draining = idleResolvers;
      idleResolvers = [];
      await fireSchedules();
      let claimed = false;
      while (!stopped && running.size < concurrency) {
        const job = await claim().catch((error: unknown) => {
          logger.error({ err: error }, 'claiming a job failed');
          return undefined;
        });
        if (!job) break;
        claimed = true;
        const task = runOne(job).finally(() => {
          running.delete(task);
          wake?.();
        });
        running.set(task, job);
      }
      if (!claimed && running.size === 0) for (const resolve of draining) resolve();
      else idleResolvers.unshift(...draining);
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, options.pollIntervalMs ?? 1000);
      });
    }
  };

  const unlisten = db.listen(NOTIFY_CHANNEL, () => wake?.());
  const looping = loop();

  return {
    /** Resolves once no job is runnable right now (tests and the bench wait on it). */
    drain: () =>
      new Promise<void>((resolve) => {
        idleResolvers.push(resolve);
        wake?.();
      }),
    async stop(stopOptions: StopOptions = {}) {
      stopped = true;
      wake?.();
      await looping;
      const tasks = [...running.keys()];
      if (stopOptions.graceMs === undefined) await Promise.allSettled(tasks);
      else {
        let timer: NodeJS.Timeout | undefined;
        const graceOver = new Promise<'grace over'>((resolve) => {
          timer = setTimeout(() => resolve('grace over'), stopOptions.graceMs);
        });
        const outcome = await Promise.race([Promise.allSettled(tasks), graceOver]);
        clearTimeout(timer);
        if (outcome === 'grace over') {
          const unfinished = [...running.values()];
          logger.warn({ jobIds: unfinished.map((job) => job.id) }, 'handing back unfinished jobs');
          await Promise.allSettled(unfinished.map(handBack));
        }
      }
      await (
        await unlisten
      )();
    },
  };
}
