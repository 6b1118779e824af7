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
