import { availableParallelism } from 'node:os';
import { Worker, type Transferable } from 'node:worker_threads';

/**
 * A fixed-size pool of worker threads for synchronous CPU work (HEIC decoding in WASM) that would
 * otherwise stall every request of the process. A worker takes one task at a time and answers each
 * message with a {@link WorkerReply}; tasks beyond the pool size wait in order.
 */
export interface WorkerPool<Input, Output> {
  run(input: Input, transferList?: readonly Transferable[]): Promise<Output>;
  /** Terminates the workers; running and waiting tasks are rejected. */
  close(): Promise<void>;
}

/** What a worker posts back for each task. */
export type WorkerReply<Output> = { ok: true; value: Output } | { ok: false; message: string };

/** The worker ran the task and reported that it failed, as opposed to the worker itself dying. */
export class WorkerTaskError extends Error {
  override readonly name = 'WorkerTaskError';
}

interface Task<Input, Output> {
  input: Input;
  transferList: readonly Transferable[];
  resolve(value: Output): void;
  reject(error: unknown): void;
}

interface Slot<Input, Output> {
  worker: Worker;
  task: Task<Input, Output> | null;
  crash?: Error;
}

export function createWorkerPool<Input, Output>(
  workerFile: URL,
  options: { size?: number } = {},
): WorkerPool<Input, Output> {
  const size = Math.max(1, options.size ?? availableParallelism());
  const slots = new Set<Slot<Input, Output>>();
  const queue: Task<Input, Output>[] = [];
  let closed = false;

  function spawn(): Slot<Input, Output> {
    const slot: Slot<Input, Output> = { worker: new Worker(workerFile), task: null };
    slot.worker.on('message', (reply: WorkerReply<Output>) => {
      const task = slot.task;
      slot.task = null;
      // An idle worker must not keep the process alive; a busy one must, or its answer is lost.
      slot.worker.unref();
      if (reply.ok) task?.resolve(reply.value);
      else task?.reject(new WorkerTaskError(reply.message));
      dispatch();
    });
    slot.worker.on('error', (error: Error) => {
      slot.crash = error;
    });
    slot.worker.on('exit', (exitCode) => {
      slots.delete(slot);
      slot.task?.reject(
        new Error(`A worker thread stopped (exit code ${exitCode}) before finishing its task.`, {
          cause: slot.crash,
        }),
      );
      // Waiting tasks get a fresh worker in place of the dead one.
      dispatch();
    });
    slots.add(slot);
    return slot;
  }

  function dispatch(): void {
    while (!closed && queue.length > 0) {
      const slot = [...slots].find((candidate) => !candidate.task) ?? (slots.size < size ? spawn() : null);
      if (!slot) return;
      const task = queue.shift() as Task<Input, Output>;
      slot.task = task;
      slot.worker.ref();
      slot.worker.postMessage(task.input, task.transferList);
    }
  }

  return {
    run(input, transferList = []) {
      if (closed) return Promise.reject(new Error('The worker pool is closed.'));
      return new Promise<Output>((resolve, reject) => {
        queue.push({ input, transferList, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error('The worker pool is closed.'));
      await Promise.all([...slots].map((slot) => slot.worker.terminate()));
    },
  };
}
