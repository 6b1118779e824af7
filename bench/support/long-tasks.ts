/**
 * The long tasks of a page load in a Lighthouse trace kept with LIGHTHOUSE_PROFILE=true, and whose
 * scripts they ran: for each main-thread task of `minMs` (default 10) of this machine's time or more
 * after the navigation, its start and length and the JavaScript profiler's samples inside it by script
 * file and function (minified names; the chunk's file says which library or page it is). Lighthouse
 * counts each task 4x (its CPU slowdown), so a task of 12.5 ms here is one of its 50 ms long tasks.
 *
 * `node --import tsx support/long-tasks.ts <page>.trace.json [minMs]`
 */
import { readFileSync } from 'node:fs';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string };
}

interface ProfileChunkData {
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}

/** Each sample of the main thread's profile: its time and the script and function it was in. */
function samplesOf(events: TraceEvent[], pid: number, tid: number) {
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
      if (node.callFrame.url)
        return `${node.callFrame.url.split('/').pop()} ${node.callFrame.functionName || '(top level)'}`;
      if (['(garbage collector)', '(program)', '(idle)'].includes(node.callFrame.functionName)) {
        return node.callFrame.functionName;
      }
    }
    return '(native)';
  };
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.id !== profile.id || event.pid !== pid) continue;
    const data = event.args?.data as ProfileChunkData;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (data.cpuProfile?.samples ?? []).forEach((id, index) => {
      ts += data.timeDeltas?.[index] ?? 0;
      samples.push({ ts, where: where(id) });
    });
  }
  return samples;
}

function main() {
  const [file, minArgument] = process.argv.slice(2);
  if (!file) throw new Error('usage: long-tasks.ts <trace.json> [minMs]');
  const minUs = Number(minArgument ?? 10) * 1000;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
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
    if (mark) console.log(`${name} at ${ms(mark.ts - start)} ms (observed, not simulated)`);
  }
  const samples = samplesOf(events, pid, tid);
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
    console.log(
      `${ms(task.ts - start).padStart(8)} ms  ${ms(task.dur ?? 0).padStart(6)} ms  ${top.join(' | ')}`,
    );
  }
}

main();
