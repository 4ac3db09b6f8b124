import { describe, expect, it } from 'vitest';
import { apportionCents } from './cents';
import { explainDimension, splitChange, type MemberFacts } from './revenue-decomposition';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const m = (value: string, revenue: number, impressions: number): MemberFacts => ({ value, revenue, impressions });
const totalOf = (ms: readonly MemberFacts[]) => ({
  revenue: sum(ms.map((x) => x.revenue)),
  impressions: sum(ms.map((x) => x.impressions)),
});
const cents = (money: number) => Math.round(money * 100);

describe('volume against price', () => {
  it('splits a change into impressions at the old eCPM and eCPM at the new impressions, worked by hand', () => {
    // Before: 800 impressions for 12.00 (eCPM 15). Now: 1,000 for 10.00 (eCPM 10).
    // Volume: 200 more impressions at eCPM 15 = +3.00. Price: 1,000 impressions x (10 - 15) / 1000 = -5.00.
    expect(splitChange({ revenue: 10, impressions: 1000 }, { revenue: 12, impressions: 800 }, -200)).toEqual({
      changeCents: -200,
      volumeCents: 300,
      priceCents: -500,
    });
  });

  it('gives a member with no impressions before (new) or after (gone) all of its change as volume', () => {
    expect(splitChange({ revenue: 4, impressions: 100 }, { revenue: 0, impressions: 0 }, 400)).toEqual({
      changeCents: 400,
      volumeCents: 400,
      priceCents: 0,
    });
    expect(splitChange({ revenue: 0, impressions: 0 }, { revenue: 4, impressions: 100 }, -400)).toEqual({
      changeCents: -400,
      volumeCents: -400,
      priceCents: 0,
    });
  });

  it('sums to the change to the cent when the volume part has fractions of a cent', () => {
    // Volume: 333 more impressions at 7 / 3 per impression... = 777.0 exactly? Use awkward figures.
    const s = splitChange({ revenue: 10.01, impressions: 1001 }, { revenue: 3.33, impressions: 333 }, 668);
    expect(s.volumeCents + s.priceCents).toBe(668);
    expect(s.volumeCents).toBe(cents((668 * 3.33) / 333));
  });
});

describe('apportioned cents', () => {
  it('gives thirds of a euro as 34, 33 and 33 cents', () => {
    expect(apportionCents([1 / 3, 1 / 3, 1 / 3], 100)).toEqual([34, 33, 33]);
  });
  it('sums to the total for losses too', () => {
    const parts = apportionCents([-0.005, -0.005, -1.333, 2.001], 66);
    expect(sum(parts)).toBe(66);
    expect(parts[3]).toBe(200);
  });
});

describe('by dimension', () => {
  const sites = {
    before: [
      m('Alpha', 30, 3000),
      m('Beta', 20, 1000),
      m('Gamma', 5, 500),
      m('Delta', 1.11, 111),
      m('Eps', 2.22, 222),
      m('Zeta', 0.5, 50),
      m('Eta', 0.01, 1),
    ],
    now: [
      m('Alpha', 21, 3000),
      m('Beta', 26, 1300),
      m('Gamma', 5, 500),
      m('Delta', 2.22, 222),
      m('Eps', 1.11, 111),
      m('Zeta', 0.25, 25),
      m('Theta', 3.33, 333),
    ],
  };

  function explained(now: MemberFacts[], before: MemberFacts[], complete = true) {
    const totals = { now: totalOf(now), before: totalOf(before) };
    const total = splitChange(totals.now, totals.before, cents(totals.now.revenue) - cents(totals.before.revenue));
    return { total, change: explainDimension({ dimension: 'sites', now, before, complete }, totals, total) };
  }

  it('names the five members that moved most and sums everything else, to the cent', () => {
    const { total, change } = explained(sites.now, sites.before);
    expect(change.movers.map((x) => x.value)).toEqual(['Alpha', 'Beta', 'Theta', 'Delta', 'Eps']);
    expect(change.movers[0]).toMatchObject({ changeCents: -900, volumeCents: 0, priceCents: -900, effect: 'price', eCpmRatio: -0.3 });
    expect(change.movers[1]).toMatchObject({ changeCents: 600, volumeCents: 600, priceCents: 0, effect: 'volume' });
    expect(change.movers[2]).toMatchObject({ changeCents: 333, effect: 'new', eCpmRatio: null });
    // Gamma did not move; Zeta (-0.25) and Eta (gone, -0.01) are everything else.
    expect(change.rest).toEqual({ count: 3, changeCents: -26 });
    expect(sum(change.movers.map((x) => x.changeCents)) + change.rest.changeCents).toBe(total.changeCents);
    expect(sum(change.movers.map((x) => x.volumeCents + x.priceCents))).toBe(sum(change.movers.map((x) => x.changeCents)));
    expect(change.rateCents + change.mixCents).toBe(total.priceCents);
  });

  it('names a mix effect: a cheap site growing at a flat eCPM lowers the average eCPM with no price changing', () => {
    // Premium: 500 impressions at eCPM 20, unchanged. Budget: eCPM 5 flat, 500 -> 1,500 impressions.
    // Revenue 12.50 -> 17.50 (+5.00); the average eCPM falls from 12.50 to 8.75.
    // Total volume: 1,000 more impressions at 12.50 = +12.50, so the price part is -7.50, and none
    // of it is a price change: it is all mix.
    const { total, change } = explained([m('Premium', 10, 500), m('Budget', 7.5, 1500)], [m('Premium', 10, 500), m('Budget', 2.5, 500)]);
    expect(total).toEqual({ changeCents: 500, volumeCents: 1250, priceCents: -750 });
    expect(change.rateCents).toBe(0);
    expect(change.mixCents).toBe(-750);
    expect(change.mix).toEqual({ cents: -750, value: 'Budget', shareBefore: 0.5, shareAfter: 0.75 });
    expect(change.movers).toEqual([expect.objectContaining({ value: 'Budget', changeCents: 500, effect: 'volume' })]);
  });

  it('does not name a mix effect when members keep their shares', () => {
    const { change } = explained([m('A', 8, 1000), m('B', 4, 1000)], [m('A', 10, 1000), m('B', 5, 1000)]);
    expect(change.mixCents).toBe(0);
    expect(change.mix).toBeNull();
    expect(change.rateCents).toBe(-300);
  });

  it('counts members the lists left out as everything else', () => {
    // Only Alpha was listed; the totals know of 1.00 more elsewhere.
    const totals = { now: { revenue: 22, impressions: 3100 }, before: { revenue: 30, impressions: 3000 } };
    const total = splitChange(totals.now, totals.before, -800);
    const change = explainDimension(
      { dimension: 'brand', now: [m('Alpha', 21, 3000)], before: [m('Alpha', 30, 3000)], complete: false },
      totals,
      total,
    );
    expect(change.movers.map((x) => x.changeCents)).toEqual([-900]);
    expect(change.rest.changeCents).toBe(100);
  });
});
