import { describeChange } from './report-periods';
import type { ChangeMover, RevenueChange } from './revenue-change';
import { formatMoney } from './display-format';

/** −€84.00 / +€12.30: a change of money with its sign (a true minus, like describeChange's percentages). */
export function formatSignedCents(cents: number, currency: string): string {
  const sign = cents > 0 ? '+' : cents < 0 ? '−' : '';
  return `${sign}${formatMoney(Math.abs(cents) / 100, currency)}`;
}

const percent = (ratio: number) => describeChange({ kind: 'change', ratio });

/** What moved a member: its eCPM or its impressions (the larger part of its change), or that it is new or gone. */
export function moverDriver(m: Pick<ChangeMover, 'effect' | 'volumeCents' | 'priceCents' | 'eCpmRatio' | 'impressionsRatio'>): string {
  if (m.effect === 'new') return 'new';
  if (m.effect === 'gone') return 'no revenue';
  if (Math.abs(m.priceCents) >= Math.abs(m.volumeCents) && m.eCpmRatio !== null) return `eCPM ${percent(m.eCpmRatio)}`;
  if (m.impressionsRatio !== null) return `impressions ${percent(m.impressionsRatio)}`;
  return 'new';
}

/**
 * The one-sentence answer to "why did it move": "Yesterday −12.0% (−€84.00): Video on Northwind
 * Sport, eCPM −30.0%". Without an explanation, the report's reason ("Partial data in the comparison
 * period"); without a change, that nothing changed.
 */
export function revenueChangeSentence(label: string, change: RevenueChange): string {
  const e = change.explanation;
  if (e.kind !== 'explained') return `${label}: ${describeChange({ kind: e.kind })}`;
  if (e.total.changeCents === 0) return `${label}: no change`;
  const money = formatSignedCents(e.total.changeCents, change.currency);
  const head = change.ratio === null ? `${label} ${money}` : `${label} ${percent(change.ratio)} (${money})`;
  return e.headline ? `${head}: ${e.headline.value}, ${moverDriver(e.headline)}` : head;
}
