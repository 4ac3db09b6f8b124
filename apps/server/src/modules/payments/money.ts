/** Cents-exact rounding for amounts in the publisher's currency. */
export const round2 = (x: number): number => Math.round((x + Math.sign(x) * Number.EPSILON) * 100) / 100;

/** First and last day (YYYY-MM-DD) of a YYYY-MM period. */
export function periodBounds(period: string): { from: string; to: string } {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${period}-01`, to: `${period}-${String(last).padStart(2, '0')}` };
}

export function nextPeriod(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}
