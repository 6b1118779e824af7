import { nextTask } from './next-task';

/**
 * Runs steps one after another, each in a task of its own, and stops at the first that fails (with its
 * error). Steps whose work cannot be split further but need not be done together: the app's libraries
 * (decision 162) and Intl's readying (decision 163).
 *
 * Libraries are the first use: a module runs together with everything it imports statically, in one
 * task the page cannot answer a tap in; the app's entry used to run React's renderer, zod and the
 * contracts in one go, some 70 ms on this machine and four times that on a mid-range phone. Imported
 * in turns, a library has run by the time the code that needs it is imported, and that code's own task
 * is shorter by as much. The browser fetched them all at once already (the page preloads them,
 * decision 161): only running them is spread out.
 */
export async function runInTurns(steps: ReadonlyArray<() => unknown>): Promise<void> {
  for (const step of steps) {
    await step();
    await nextTask();
  }
}
