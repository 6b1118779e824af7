import { nextTask } from './next-task';

/**
 * Imports modules one after another, each in a task of its own (decision 162). A module runs together
 * with everything it imports statically, in one task the page cannot answer a tap in: the app's entry
 * used to run React's renderer, zod and the contracts in one go, some 70 ms on this machine and four
 * times that on a mid-range phone. Imported here first, a library has run by the time the code that
 * needs it is imported, and that code's own task is shorter by as much. The browser fetched them all at
 * once already (the page preloads them, decision 161): only running them is spread out.
 */
export async function importInTurns(imports: ReadonlyArray<() => Promise<unknown>>): Promise<void> {
  for (const load of imports) {
    await load();
    await nextTask();
  }
}
