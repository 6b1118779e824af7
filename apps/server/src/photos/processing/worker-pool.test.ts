import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, WorkerTaskError, type WorkerPool } from './worker-pool';

type Request = { action: 'echo' | 'fail' | 'die'; value?: string };
type Answer = { value: string; threadId: number };

const workerFile = new URL('./worker-pool.test-worker.mjs', import.meta.url);

describe('createWorkerPool', () => {
  let pool: WorkerPool<Request, Answer>;
  afterEach(() => pool.close());

  it('runs more tasks than it has workers, each on one of its workers', async () => {
    pool = createWorkerPool(workerFile, { size: 2 });

    const answers = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((value) => pool.run({ action: 'echo', value })),
    );

    expect(answers.map(({ value }) => value)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(new Set(answers.map(({ threadId }) => threadId)).size).toBe(2);
  });

  it('rejects a task the worker reports as failed and keeps using that worker', async () => {
    pool = createWorkerPool(workerFile, { size: 1 });
    const before = await pool.run({ action: 'echo', value: 'first' });

    await expect(pool.run({ action: 'fail', value: 'decode' })).rejects.toEqual(
      new WorkerTaskError('cannot decode'),
    );

    expect((await pool.run({ action: 'echo', value: 'after' })).threadId).toBe(before.threadId);
  });

  it('replaces a worker that dies, failing only the task it was running', async () => {
    pool = createWorkerPool(workerFile, { size: 1 });
    const before = await pool.run({ action: 'echo', value: 'first' });

    const died = pool.run({ action: 'die' });
    const waiting = pool.run({ action: 'echo', value: 'queued behind it' });

    await expect(died).rejects.toThrow(/exit code 3/);
    const after = await waiting;
    expect(after.value).toBe('queued behind it');
    expect(after.threadId).not.toBe(before.threadId);
  });

  it('rejects running and waiting tasks when closed, and takes no more', async () => {
    pool = createWorkerPool(workerFile, { size: 1 });

    const tasks = Promise.allSettled([
      pool.run({ action: 'echo', value: 'running' }),
      pool.run({ action: 'echo', value: 'waiting' }),
    ]);
    await pool.close();

    expect((await tasks).map(({ status }) => status)).toEqual(['rejected', 'rejected']);
    await expect(pool.run({ action: 'echo', value: 'late' })).rejects.toThrow('The worker pool is closed.');
  });
});
