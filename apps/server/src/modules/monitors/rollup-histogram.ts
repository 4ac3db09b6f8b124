/**
 * Response-time histogram stored in every rollup row: counts per bucket with these upper bounds
 * (ms; the last bucket is open-ended). Merging rollups is adding arrays, so percentiles over a year
 * come from at most 365 daily rows, never from raw results. A percentile is reported as its
 * bucket's upper bound (at most ~50 % above the true value at the coarse end, exact enough to
 * compare periods and to spot a slow site).
 */
export const HISTOGRAM_BOUNDS_MS = [
  10, 20, 30, 50, 75, 100, 150, 200, 300, 400, 500, 750, 1000, 1500, 2000, 3000, 5000, 7500, 10000, 20000, 30000, 60000,
] as const;
export const HISTOGRAM_SIZE = HISTOGRAM_BOUNDS_MS.length + 1;

export function bucketOf(ms: number): number {
  for (let i = 0; i < HISTOGRAM_BOUNDS_MS.length; i++) if (ms <= HISTOGRAM_BOUNDS_MS[i]!) return i;
  return HISTOGRAM_BOUNDS_MS.length;
}

export function emptyHistogram(): number[] {
  return new Array<number>(HISTOGRAM_SIZE).fill(0);
}

export function mergeHistograms(into: number[], add: readonly number[]): number[] {
  for (let i = 0; i < HISTOGRAM_SIZE; i++) into[i] = (into[i] ?? 0) + (add[i] ?? 0);
  return into;
}

/** The p-th percentile (0-100) as a bucket's upper bound; null for an empty histogram. */
export function percentile(h: readonly number[], p: number): number | null {
  const total = h.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (let i = 0; i < h.length; i++) {
    seen += h[i] ?? 0;
    if (seen >= rank) return i < HISTOGRAM_BOUNDS_MS.length ? HISTOGRAM_BOUNDS_MS[i]! : HISTOGRAM_BOUNDS_MS.at(-1)!;
  }
  return HISTOGRAM_BOUNDS_MS.at(-1)!;
}
