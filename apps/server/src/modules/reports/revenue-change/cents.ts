/** Money to whole cents, the unit every split of a change is made in so the parts add up exactly. */
export const toCents = (money: number): number => Math.round(money * 100);

/**
 * Whole cents for each exact amount, summing to `totalCents` (the largest remainder method): each
 * amount is rounded down, and the cents still missing go to the largest fractions (or, when the
 * rounded amounts overshoot, are taken from the smallest). Rounding each amount on its own could
 * leave the parts a cent or two away from the total.
 */
export function apportionCents(exact: readonly number[], totalCents: number): number[] {
  const scaled = exact.map((x) => x * 100);
  const out = scaled.map((x) => Math.floor(x));
  let missing = totalCents - out.reduce((a, b) => a + b, 0);
  if (out.length === 0) return out;
  const byFraction = scaled.map((x, i) => ({ i, fraction: x - Math.floor(x) })).sort((a, b) => b.fraction - a.fraction || a.i - b.i);
  const order = missing >= 0 ? byFraction : [...byFraction].reverse();
  for (let k = 0; missing !== 0; k = (k + 1) % order.length) {
    const step = missing > 0 ? 1 : -1;
    out[order[k]!.i]! += step;
    missing -= step;
  }
  return out;
}
