interface SchedulerWithYield {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a later task, so the browser can paint and answer input in between: work split this way
 * is several short tasks instead of one long one that holds the page (issue 23, total blocking time).
 * `scheduler.yield()` where the browser has it (it resumes ahead of other queued work), else a timer.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Whether the browser resumes yielded work ahead of other queued tasks (`scheduler.yield`). */
export function yieldsAhead(): boolean {
  return typeof (globalThis as { scheduler?: SchedulerWithYield }).scheduler?.yield === 'function';
}
