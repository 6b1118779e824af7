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
  /** A profile's and its chunks' common id. */
  id?: string;
  args?: {
    name?: string;
    data?: Record<string, string | number | boolean | undefined>;
    [key: string]: unknown;
  };
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

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber?: number; columnNumber?: number };
}

interface ProfileChunkData {
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}

/** Each sample of the main thread's profile: its time and the script and function it was in. */
/** Names a script position by its source (a source map's), or undefined to keep the script's own. */
export type SourceNamer = (file: string, line: number, column: number) => string | undefined;

function samplesOf(events: TraceEvent[], pid: number, tid: number, nameSource?: SourceNamer) {
  const profile = events.find((event) => event.name === 'Profile' && event.pid === pid && event.tid === tid);
  if (!profile)
    throw new Error('the trace has no profile of the main thread: run with LIGHTHOUSE_PROFILE=true');
  const nodes = new Map<number, ProfileNode>();
  const samples: Array<{ ts: number; where: string }> = [];
  let ts = Number(profile.args?.data?.startTime);
  // A sample in a builtin or the engine is the script that called it.
  const where = (id: number): string => {
    for (
      let node = nodes.get(id);
      node;
      node = node.parent === undefined ? undefined : nodes.get(node.parent)
    ) {
      if (node.callFrame.url) {
        const { url, functionName, lineNumber, columnNumber } = node.callFrame;
        const file = url.split('/').pop()!;
        return (
          nameSource?.(file, lineNumber ?? 0, columnNumber ?? 0) ?? `${file} ${functionName || '(top level)'}`
        );
      }
      if (['(garbage collector)', '(program)', '(idle)'].includes(node.callFrame.functionName)) {
        return node.callFrame.functionName;
      }
    }
    return '(native)';
  };
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.id !== profile.id || event.pid !== pid) continue;
    const data = event.args?.data as unknown as ProfileChunkData;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (data.cpuProfile?.samples ?? []).forEach((id, index) => {
      ts += data.timeDeltas?.[index] ?? 0;
      samples.push({ ts, where: where(id) });
    });
  }
  return samples;
}

/**
 * The long tasks of a page load in a trace with the JavaScript profiler's samples (Lighthouse's, kept
 * with LIGHTHOUSE_PROFILE=true), and whose scripts they ran: for each main-thread task of `minMs` or
 * more after the navigation, its start and length and the samples inside it by script file and
 * function (minified names; the chunk's file says which library or page it is), with the observed
 * first and largest paints first.
 */
export function longTaskScripts(trace: string, minMs = 10, nameSource?: SourceNamer): string[] {
  const minUs = minMs * 1000;
  const parsed = JSON.parse(trace) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const lines: string[] = [];
  const navigation = events.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame === true &&
      `${event.args.data.documentLoaderURL as string | undefined}`.startsWith('http'),
  );
  if (!navigation) throw new Error('no navigation of the main frame in the trace');
  const { pid, tid, ts: start } = navigation;
  const ms = (us: number) => (us / 1000).toFixed(1);
  for (const name of ['firstContentfulPaint', 'largestContentfulPaint::Candidate']) {
    const mark = events.filter((event) => event.name === name && event.pid === pid).at(-1);
    if (mark) lines.push(`${name} at ${ms(mark.ts - start)} ms (observed, not simulated)`);
  }
  const samples = samplesOf(events, pid, tid, nameSource);
  const tasks = events
    .filter(
      (event) =>
        event.name === 'RunTask' &&
        event.pid === pid &&
        event.tid === tid &&
        event.ts >= start &&
        (event.dur ?? 0) >= minUs,
    )
    .sort((a, b) => a.ts - b.ts);
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = samples.filter((sample) => sample.ts >= task.ts && sample.ts < end);
    const count = new Map<string, number>();
    for (const sample of inside) count.set(sample.where, (count.get(sample.where) ?? 0) + 1);
    const top = [...count]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([where, n]) => `${Math.round((100 * n) / inside.length)}% ${where}`);
    lines.push(
      `${ms(task.ts - start).padStart(8)} ms  ${ms(task.dur ?? 0).padStart(6)} ms  ${top.join(' | ')}`,
    );
  }
  return lines;
}
