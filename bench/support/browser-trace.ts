/**
 * What the long tasks of a Chromium trace were made of: for each main-thread task of 50 ms or more, the
 * events inside it of `minMs` or more, as an indented tree (scripts with their function and source
 * position, events with their type, layout with its element count, garbage collection), each with its
 * wall time and its thread (CPU) time: on a busy machine a task can be long only because it waited.
 */

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of the event. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, string | number | undefined>; [key: string]: unknown };
}

/** Chromium's trace categories for the breakdown (the Performance panel's own, plus GC). */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
];

function describe(event: TraceEvent): string {
  const data = event.args?.data ?? {};
  const detail = (() => {
    switch (event.name) {
      case 'FunctionCall':
      case 'EvaluateScript':
      case 'v8.compile':
        return `${String(data.functionName ?? '')} ${String(data.url ?? '')
          .split('/')
          .pop()}:${String(data.lineNumber ?? '')}:${String(data.columnNumber ?? '')}`;
      case 'EventDispatch':
        return String(data.type ?? '');
      case 'TimerFire':
        return `timer ${String(data.timerId ?? '')}`;
      case 'UpdateLayoutTree':
        return `${String(data.elementCount ?? (event.args?.elementCount as number | undefined) ?? '')} elements`;
      case 'Layout': {
        const begin = (event.args as { beginData?: { dirtyObjects?: number; totalObjects?: number } })
          .beginData;
        return begin ? `${begin.dirtyObjects}/${begin.totalObjects} objects` : '';
      }
      case 'ResourceReceiveResponse':
      case 'ResourceFinish':
        return String(data.url ?? '');
      default:
        return '';
    }
  })();
  return `${event.name}${detail ? ` (${detail.trim()})` : ''}`;
}

/** One line per long task and an indented line per event of at least `minMs` inside it. */
export function longTaskBreakdown(trace: string, minMs = 5, longMs = 50): string[] {
  const events = (JSON.parse(trace) as { traceEvents: TraceEvent[] }).traceEvents;
  const mainThreads = new Set(
    events
      .filter(
        (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
      )
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (!mainThreads.has(thread) || event.ph !== 'X' || event.dur === undefined) continue;
    let list = byThread.get(thread);
    if (!list) byThread.set(thread, (list = []));
    list.push(event);
  }
  const lines: string[] = [];
  for (const list of byThread.values()) {
    list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    const tasks = list.filter((event) => event.name === 'RunTask' && event.dur! >= longMs * 1000);
    for (const task of tasks) {
      lines.push(
        `long task ${(task.dur! / 1000).toFixed(0)} ms (CPU ${((task.tdur ?? 0) / 1000).toFixed(0)} ms) at ${(task.ts / 1000).toFixed(0)} ms`,
      );
      const inside = list.filter(
        (event) =>
          event !== task &&
          event.ts >= task.ts &&
          event.ts + event.dur! <= task.ts + task.dur! &&
          event.dur! >= minMs * 1000,
      );
      const stack: TraceEvent[] = [];
      for (const event of inside) {
        while (stack.length > 0 && event.ts >= stack.at(-1)!.ts + stack.at(-1)!.dur!) stack.pop();
        if (stack.length < 6) {
          lines.push(
            `${'  '.repeat(stack.length + 1)}${(event.dur! / 1000).toFixed(1)} ms ${describe(event)}`,
          );
        }
        stack.push(event);
      }
    }
  }
  return lines;
}
