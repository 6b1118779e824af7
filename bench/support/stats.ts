/** Middle value of a sample (the mean of the two middle values for an even count). */
export function median(values: number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile of a sample. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) throw new Error('no samples');
  const sorted = [...values].sort((a, b) => a - b);
  if (p === 50 && sorted.length % 2 === 0) {
    return (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  }
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** A seeded generator (mulberry32), so every run of a bench picks the same samples. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SampleBudget {
  samples: number;
  warmUp: number;
  /** The warm-up stops after this long even short of `warmUp` runs (none by default). */
  warmUpBudgetMs?: number;
  /** Timing stops after this long: a figure far over its target would take minutes alone. */
  sampleBudgetMs: number;
}

/** Warm-up runs, then up to `budget.samples` timed ones; the table says how many samples it got. */
export async function sampleTimes(
  budget: SampleBudget,
  run: (sample: number) => Promise<unknown>,
): Promise<number[]> {
  const warmUpUntil = performance.now() + (budget.warmUpBudgetMs ?? Infinity);
  for (let sample = 0; sample < budget.warmUp && performance.now() < warmUpUntil; sample += 1)
    await run(sample);
  const times: number[] = [];
  const until = performance.now() + budget.sampleBudgetMs;
  for (let sample = 0; sample < budget.samples && performance.now() < until; sample += 1) {
    const started = performance.now();
    await run(sample);
    times.push(performance.now() - started);
  }
  return times;
}

export interface LatencyRow {
  figure: string;
  samples: string;
  median: string;
  p95: string;
  target: string;
  result: string;
}

/** A table row of timings: count, median and p95, and whether p95 meets its target where it has one. */
export function latencyRow(figure: string, times: number[], targetMs?: number): LatencyRow {
  const p95 = percentile(times, 95);
  return {
    figure,
    samples: String(times.length),
    median: `${median(times).toFixed(2)} ms`,
    p95: `${p95.toFixed(2)} ms`,
    target: targetMs ? `p95 <= ${targetMs} ms` : '',
    result: targetMs ? (p95 <= targetMs ? 'pass' : 'FAIL') : '',
  };
}
