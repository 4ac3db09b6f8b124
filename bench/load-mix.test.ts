import { describe, expect, it } from 'vitest';
import {
  PAGE_WEIGHTS,
  SESSION,
  pageRequests,
  pauseMs,
  planSession,
  replaySequence,
  seededRandom,
  userStartMs,
  type MixContext,
} from './load-mix';
import { luaString, wrkScript } from './load-saturation';
import { LatencyRecorder, formatTable, percentile, sideBySideRows } from './load-stats';

const ctx: MixContext = { today: '2026-11-29', adsTxtDomainIds: { '1001': 'd-1' }, password: 'pw"1' };
const user = { email: 'bench-user-0001@bench.example', publisherId: '1001' };

describe('sessions', () => {
  it('signs in once, first, then opens the dashboard and 4-10 more pages', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 200; i++) {
      const pages = planSession(random).map((s) => s.page);
      expect(pages[0]).toBe('signIn');
      expect(pages[1]).toBe('dashboard');
      expect(pages.filter((p) => p === 'signIn')).toHaveLength(1);
      expect(pages.length - 2).toBeGreaterThanOrEqual(SESSION.pagesAfterDashboard.min);
      expect(pages.length - 2).toBeLessThanOrEqual(SESSION.pagesAfterDashboard.max);
    }
  });

  it('plays the same sessions for the same seed', () => {
    expect(planSession(seededRandom(3))).toEqual(planSession(seededRandom(3)));
    expect(planSession(seededRandom(3))).not.toEqual(planSession(seededRandom(4)));
  });

  it('thinks between pages within the bounds, with the configured mean', () => {
    const random = seededRandom(11);
    const waits = Array.from({ length: 20_000 }, () => pauseMs(random, SESSION.thinkMs));
    expect(Math.min(...waits)).toBe(SESSION.thinkMs.min);
    expect(Math.max(...waits)).toBe(SESSION.thinkMs.max);
    const mean = waits.reduce((a, b) => a + b, 0) / waits.length;
    // Clamping moves the mean: the short waits are raised to 5 s, the long tail cut at 60 s.
    expect(mean).toBeGreaterThan(18_000);
    expect(mean).toBeLessThan(25_000);
  });

  it('chooses pages after the dashboard in proportion to their weights', () => {
    const random = seededRandom(5);
    const counts: Record<string, number> = {};
    for (let i = 0; i < 2000; i++) for (const s of planSession(random).slice(2)) counts[s.page] = (counts[s.page] ?? 0) + 1;
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const weights = Object.values(PAGE_WEIGHTS).reduce((a, b) => a + b, 0);
    for (const [page, w] of Object.entries(PAGE_WEIGHTS)) expect(counts[page]! / total).toBeCloseTo(w / weights, 1);
  });

  it('starts users evenly over the ramp', () => {
    expect([0, 1, 2, 3].map((i) => userStartMs(i, 4, 60_000))).toEqual([0, 15_000, 30_000, 45_000]);
  });

  it("keeps sign-in to a person's share of the replayed requests (one a session, about 1 in 30)", () => {
    const seq = replaySequence(100, [user], ctx, 2);
    const signIns = seq.filter((s) => s.request.type === 'POST sign-in').length;
    expect(signIns).toBe(100);
    expect(signIns / seq.length).toBeGreaterThan(0.02);
    expect(signIns / seq.length).toBeLessThan(0.05);
  });
});

describe('page requests', () => {
  it('sends the sign-in unauthenticated with the password, the rest with the token', () => {
    const [signIn, ...shell] = pageRequests('signIn', user, ctx);
    expect(signIn).toMatchObject({ method: 'POST', authenticated: false });
    expect(JSON.parse(signIn!.body!)).toEqual({ email: user.email, password: 'pw"1' });
    expect(shell.every((r) => r.authenticated && r.method === 'GET')).toBe(true);
  });

  it('asks the report for a comparison and the download for CSV, over days ending yesterday', () => {
    const report = new URL(pageRequests('report', user, ctx)[0]!.path, 'http://x');
    expect(report.searchParams.get('compare')).toBe('previous');
    expect(new Date(Number(report.searchParams.get('dateTo'))).toISOString().slice(0, 10)).toBe('2026-11-28');
    expect(new Date(Number(report.searchParams.get('dateFrom'))).toISOString().slice(0, 10)).toBe('2026-10-30');
    const csv = new URL(pageRequests('export', user, ctx)[0]!.path, 'http://x');
    expect(csv.pathname).toBe('/api/partner-center/report/download');
    expect(csv.searchParams.get('format')).toBe('csv');
  });

  it("opens the publisher's ads.txt domain when it has one", () => {
    expect(pageRequests('adsTxt', user, ctx).map((r) => r.path)).toEqual(['/api/adstxt/domains', '/api/adstxt/domains/d-1']);
    expect(pageRequests('adsTxt', { ...user, publisherId: '1002' }, ctx).map((r) => r.path)).toEqual(['/api/adstxt/domains']);
  });
});

describe('statistics and tables', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.5)).toBe(50);
    expect(percentile(sorted, 0.95)).toBe(95);
    expect(percentile([7], 0.95)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it('summarises latencies and errors by request type, with what the errors were', () => {
    const r = new LatencyRecorder();
    for (let i = 1; i <= 20; i++) r.record('GET a', i, true, '200');
    r.record('GET b', 5, false, '401');
    r.record('GET b', 7, false, 'timeout');
    expect(r.summary()).toEqual([
      { type: 'GET a', count: 20, p50Ms: 10, p95Ms: 19, errors: 0 },
      { type: 'GET b', count: 2, p50Ms: 5, p95Ms: 7, errors: 2 },
    ]);
    expect(r.failures()).toEqual(['GET b: 401 x1, timeout x1']);
  });

  it('aligns columns, numbers to the right, with thousands separators', () => {
    expect(
      formatTable(
        ['request', 'count'],
        [
          ['GET a', 1234],
          ['GET long', 5],
        ],
      ),
    ).toBe(['request   count', '--------  -----', 'GET a     1,234', 'GET long      5'].join('\n'));
  });

  it('joins one and two processes on the request type', () => {
    const one = [{ type: 'GET a', count: 10, p50Ms: 1, p95Ms: 2.04, errors: 0 }];
    const two = [
      { type: 'GET a', count: 12, p50Ms: 1, p95Ms: 3, errors: 1 },
      { type: 'GET b', count: 1, p50Ms: 1, p95Ms: 1, errors: 0 },
    ];
    expect(sideBySideRows(one, two)).toEqual([
      ['GET a', 10, 2, 0, 12, 3, 1],
      ['GET b', NaN, NaN, NaN, 1, 1, 0],
    ]);
  });
});

describe('wrk script', () => {
  it('escapes quotes and backslashes for Lua', () => {
    expect(luaString('a"b\\c\nd')).toBe('"a\\"b\\\\c\\nd"');
  });

  it('lists each token once and refers to it by index; the sign-in carries its body and no token', () => {
    const [signIn, config] = pageRequests('signIn', user, ctx);
    const lua = wrkScript([
      { request: signIn!, token: 'T1', publisherId: '1001' },
      { request: config!, token: 'T1', publisherId: '1001' },
    ]);
    expect(lua.match(/"T1"/g)).toHaveLength(1);
    expect(lua).toContain(
      '{"POST", "/api/identity/sign-in", 0, "", "{\\"email\\":\\"bench-user-0001@bench.example\\",\\"password\\":\\"pw\\\\\\"1\\"}"}',
    );
    expect(lua).toContain('{"GET", "/api/config", 1, "1001"}');
  });
});
