import {
  CHANGE_MOVERS_SHOWN,
  changeRatio,
  type ChangeDimension,
  type ChangeMover,
  type DimensionChange,
  type MoverEffect,
} from '@pc/contracts';
import { apportionCents, toCents } from './cents';

/**
 * The arithmetic of "why revenue moved" (docs/product.md#what-changed). Revenue is impressions
 * times eCPM / 1000, so a change splits exactly into
 *   volume = (I1 - I0) x e0 / 1000   the impressions gained or lost, at the old eCPM;
 *   price  = I1 x (e1 - e0) / 1000   the eCPM change, at the new impressions.
 * This two-part split (not a symmetric one with a third "interaction" term) is what a publisher can
 * act on: "you served 10 % fewer impressions" and "each impression earned 30 % less" with nothing
 * left over. Price is computed as the change minus volume in whole cents, so the two sum to the
 * change to the cent. By dimension, the same split per member; the members' volume parts differ
 * from the total's by the mix effect: impressions shifting between members with different eCPMs.
 */

export interface Facts {
  revenue: number;
  impressions: number;
}
export interface MemberFacts extends Facts {
  value: string;
}

export interface Split {
  changeCents: number;
  volumeCents: number;
  priceCents: number;
}

/** A change of `changeCents` from `before` to `now`, split into volume and price. */
export function splitChange(now: Facts, before: Facts, changeCents: number): Split {
  const volumeCents =
    before.impressions > 0 && now.impressions > 0
      ? toCents(((now.impressions - before.impressions) * before.revenue) / before.impressions)
      : changeCents;
  return { changeCents, volumeCents, priceCents: changeCents - volumeCents };
}

const eCpm = (f: Facts) => (f.impressions > 0 ? (f.revenue / f.impressions) * 1000 : 0);

/** Within this relative change an eCPM or an impression count is said to have held. */
const HELD = 0.02;

function effectOf(now: Facts, before: Facts): MoverEffect {
  if (before.impressions === 0) return 'new';
  if (now.impressions === 0) return 'gone';
  const priceHeld = Math.abs(changeRatio(eCpm(now), eCpm(before)) ?? 0) <= HELD;
  const volumeHeld = Math.abs(changeRatio(now.impressions, before.impressions) ?? 0) <= HELD;
  if (priceHeld && !volumeHeld) return 'volume';
  if (volumeHeld && !priceHeld) return 'price';
  return 'both';
}

/** A member's facts in both periods (zero where it had none). */
export interface Joined {
  value: string;
  now: Facts;
  before: Facts;
}

export function joinPeriods(now: readonly MemberFacts[], before: readonly MemberFacts[]): Joined[] {
  const zero = { revenue: 0, impressions: 0 };
  const byValue = new Map<string, Joined>();
  for (const m of now) byValue.set(m.value, { value: m.value, now: m, before: zero });
  for (const m of before) {
    const seen = byValue.get(m.value);
    byValue.set(m.value, { value: m.value, now: seen?.now ?? zero, before: m });
  }
  return [...byValue.values()];
}

/** The members' net change in whole cents (what their apportioned cents sum to when no total is known). */
export const netChangeCents = (members: readonly Joined[]) => toCents(members.reduce((s, m) => s + m.now.revenue - m.before.revenue, 0));

/** Each member's change in cents (summing to `targetCents`) with its own volume and price split. */
export function memberChanges(members: readonly Joined[], targetCents: number): ChangeMover[] {
  const cents = apportionCents(
    members.map((m) => m.now.revenue - m.before.revenue),
    targetCents,
  );
  return members.map((m, i) => ({
    value: m.value,
    ...splitChange(m.now, m.before, cents[i]!),
    revenue: { current: m.now.revenue, previous: m.before.revenue },
    impressions: { current: m.now.impressions, previous: m.before.impressions },
    impressionsRatio: changeRatio(m.now.impressions, m.before.impressions),
    eCpmRatio: m.before.impressions > 0 && m.now.impressions > 0 ? changeRatio(eCpm(m.now), eCpm(m.before)) : null,
    effect: effectOf(m.now, m.before),
  }));
}

const byMovement = (a: ChangeMover, b: ChangeMover) => Math.abs(b.changeCents) - Math.abs(a.changeCents) || a.value.localeCompare(b.value);

/** A dimension's members for the two periods; `complete` when no member was left out of either list. */
export interface DimensionFacts {
  dimension: ChangeDimension;
  now: readonly MemberFacts[];
  before: readonly MemberFacts[];
  complete: boolean;
}

/**
 * The members that moved most and everything else, summing to the total change; the total's price
 * part split into the members' own eCPM changes (rate) and the shift between them (mix).
 */
export function explainDimension(facts: DimensionFacts, totals: { now: Facts; before: Facts }, total: Split): DimensionChange {
  const members = joinPeriods(facts.now, facts.before);
  // With every member known, their cents are apportioned to the total change itself; otherwise to
  // their own sum, and "everything else" takes the members that were not listed.
  const target = facts.complete ? total.changeCents : netChangeCents(members);
  const all = memberChanges(members, target).sort(byMovement);
  const movers = all.filter((m) => m.changeCents !== 0).slice(0, CHANGE_MOVERS_SHOWN);
  const named = movers.reduce((s, m) => s + m.changeCents, 0);
  const rateCents = all.reduce((s, m) => s + m.priceCents, 0);
  const mixCents = total.priceCents - rateCents;
  return {
    dimension: facts.dimension,
    movers,
    rest: { count: members.length - movers.length, changeCents: total.changeCents - named },
    rateCents,
    mixCents,
    mix: namedMix(members, totals, mixCents, total.changeCents),
  };
}

/** Mix is named when it is at least this share of the change. */
const MIX_NAMED_SHARE = 0.25;

/**
 * The member whose shift of impression share moved the average eCPM most: its part of the mix is
 * I1 x (s1 - s0) x (e0 - average e0) / 1000, and those parts sum to the mix (the shares sum to 1).
 */
function namedMix(members: readonly Joined[], totals: { now: Facts; before: Facts }, mixCents: number, changeCents: number) {
  if (mixCents === 0 || Math.abs(mixCents) < MIX_NAMED_SHARE * Math.abs(changeCents)) return null;
  if (totals.now.impressions === 0 || totals.before.impressions === 0) return null;
  const average = eCpm(totals.before);
  let best: { value: string; shareBefore: number; shareAfter: number; weight: number; moved: number } | null = null;
  for (const m of members) {
    const shareBefore = m.before.impressions / totals.before.impressions;
    const shareAfter = m.now.impressions / totals.now.impressions;
    const own = m.before.impressions > 0 ? eCpm(m.before) : eCpm(m.now);
    const weight = Math.abs((shareAfter - shareBefore) * (own - average));
    // Two members always shift shares together; the one whose own impressions moved is named.
    const moved = Math.abs(m.now.impressions - m.before.impressions);
    const heavier = !best || weight > best.weight + 1e-12 || (Math.abs(weight - best.weight) <= 1e-12 && moved > best.moved);
    if (heavier) best = { value: m.value, shareBefore, shareAfter, weight, moved };
  }
  if (!best) return null;
  return { cents: mixCents, value: best.value, shareBefore: best.shareBefore, shareAfter: best.shareAfter };
}
