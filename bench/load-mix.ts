/**
 * The scripted user journeys of `npm run bench:load` (bench/load.ts), as data and pure functions:
 * which API calls each page of the web app makes, how a session walks the pages, how long a person
 * thinks between them. The paced phase plays these sessions user by user; the saturation phase
 * replays the same sessions' requests back to back, so both phases load the same mix.
 */
import { dayToEpochNoon, shiftDays, todayIn } from '@pc/contracts';

/** One API call of a page: `type` names it in the printed table. */
export interface MixRequest {
  type: string;
  method: 'GET' | 'POST';
  path: string;
  /** JSON body (sign-in only). */
  body?: string;
  /** false: sent without the user's ID token and Publisher-Scope (the sign-in itself). */
  authenticated: boolean;
}

export type Page = 'signIn' | 'dashboard' | 'report' | 'export' | 'adsTxt' | 'uptime' | 'payments';

/** What a user is: a bench account and the publisher its pages show. */
export interface BenchUser {
  email: string;
  publisherId: string;
}

/** What the pages need to know beyond the user: today's reporting day, each publisher's first ads.txt domain. */
export interface MixContext {
  today: string;
  adsTxtDomainIds: Readonly<Record<string, string>>;
  password: string;
}

/**
 * The session's shape. A person signs in once per session (sign-in hashes the password with scrypt,
 * the costliest request the server has, so its share must be a person's, not a script's), opens the
 * dashboard, then visits 4-10 more pages with 5-60 s between them (mean 20 s), and is away for
 * 10-120 s (mean 45 s) before the next session. One session then lasts about 2.5 minutes and one
 * request in about 30 is a sign-in.
 */
export const SESSION = {
  pagesAfterDashboard: { min: 4, max: 10 },
  thinkMs: { mean: 20_000, min: 5_000, max: 60_000 },
  awayMs: { mean: 45_000, min: 10_000, max: 120_000 },
} as const;

/** How often each page is chosen after the dashboard (relative weights). */
export const PAGE_WEIGHTS: Readonly<Record<Exclude<Page, 'signIn'>, number>> = {
  dashboard: 10,
  report: 35,
  export: 10,
  adsTxt: 15,
  uptime: 15,
  payments: 15,
};

const qs = (q: Record<string, string | number>) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
const get = (type: string, path: string): MixRequest => ({ type, method: 'GET', path, authenticated: true });

/** The API calls a page makes when it opens, as the web app sends them (apps/web/src/features). */
export function pageRequests(page: Page, user: BenchUser, ctx: MixContext): MixRequest[] {
  const p = user.publisherId;
  const yesterday = shiftDays(ctx.today, -1);
  switch (page) {
    case 'signIn':
      // The sign-in form, then what the shell loads once per session (config, partners, profile, flags).
      return [
        {
          type: 'POST sign-in',
          method: 'POST',
          path: '/api/identity/sign-in',
          body: JSON.stringify({ email: user.email, password: ctx.password }),
          authenticated: false,
        },
        get('GET config', '/api/config'),
        get('GET partners', '/api/partners'),
        get('GET personal-info', '/api/personal-info'),
        get('GET feature-flags', '/api/feature-flags'),
      ];
    case 'dashboard':
      // features/home/home-page.tsx and its cards.
      return [
        get('GET publisher-details', `/api/publisher-details?${qs({ publisher: p, includeSites: 'true' })}`),
        get('GET home-summary', '/api/partner-center/home-summary'),
        get('GET revenue-change', `/api/partner-center/revenue-change?${qs({ from: yesterday, to: yesterday, compare: 'previous' })}`),
        get('GET setup', '/api/setup'),
        get('GET revenue-at-risk', '/api/partner-center/revenue-at-risk'),
        get('GET payments', '/api/payments'),
        get('GET audience', `/api/site-tag/audience?${qs({ from: shiftDays(ctx.today, -6), to: ctx.today })}`),
        get('GET incidents summary', '/api/incidents/summary'),
        get('GET monitors summary', '/api/monitors/summary'),
        get('GET ads.txt domains', '/api/adstxt/domains'),
      ];
    case 'report':
      // The revenue report of the last 30 days by site and day, compared with the 30 days before.
      return [
        get(
          'GET report+comparison',
          `/api/partner-center/report?${reportQuery(p, ctx.today, 30, { preset: 'last30', compare: 'previous' })}`,
        ),
      ];
    case 'export':
      // "Download CSV" of the last 7 days by site and day: the file in one answer.
      return [get('GET report CSV', `/api/partner-center/report/download?${reportQuery(p, ctx.today, 7, { format: 'csv' })}`)];
    case 'adsTxt': {
      const domain = ctx.adsTxtDomainIds[p];
      return [
        get('GET ads.txt domains', '/api/adstxt/domains'),
        ...(domain ? [get('GET ads.txt domain', `/api/adstxt/domains/${domain}`)] : []),
      ];
    }
    case 'uptime':
      return [get('GET monitors', '/api/monitors'), get('GET monitor limits', '/api/monitors/limits')];
    case 'payments':
      return [get('GET payments', '/api/payments'), get('GET payment-settings', '/api/payment-settings')];
  }
}

function reportQuery(publisherId: string, today: string, days: number, extra: Record<string, string>): string {
  const yesterday = shiftDays(today, -1);
  return qs({
    reportType: 'revenue',
    publisherId,
    dateFrom: dayToEpochNoon(shiftDays(yesterday, -(days - 1))),
    dateTo: dayToEpochNoon(yesterday),
    dimensions: 'sites',
    metrics: 'impressions,revenue,cpm',
    interval: 'Day',
    ...extra,
  });
}

/** A seeded random source in [0, 1) (mulberry32): the same seed plays the same sessions. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An exponential wait of the given mean, clamped: most pauses are short, a few long. */
export function pauseMs(random: () => number, d: { mean: number; min: number; max: number }): number {
  const v = -Math.log(1 - random()) * d.mean;
  return Math.round(Math.min(d.max, Math.max(d.min, v)));
}

/** A page chosen by PAGE_WEIGHTS. */
export function pickPage(random: () => number): Exclude<Page, 'signIn'> {
  const entries = Object.entries(PAGE_WEIGHTS) as [Exclude<Page, 'signIn'>, number][];
  let r = random() * entries.reduce((n, [, w]) => n + w, 0);
  for (const [page, w] of entries) if ((r -= w) < 0) return page;
  return entries[entries.length - 1]![0];
}

/** One session's pages in order, each with the think time before the next one (the last: the time away). */
export function planSession(random: () => number): { page: Page; pauseMs: number }[] {
  const { min, max } = SESSION.pagesAfterDashboard;
  const more = min + Math.floor(random() * (max - min + 1));
  const pages: Page[] = ['signIn', 'dashboard', ...Array.from({ length: more }, () => pickPage(random))];
  return pages.map((page, i) => ({
    page,
    // The shell loads right after the sign-in and the dashboard opens with it: no think time there.
    pauseMs: page === 'signIn' ? 0 : i === pages.length - 1 ? pauseMs(random, SESSION.awayMs) : pauseMs(random, SESSION.thinkMs),
  }));
}

/** When user `index` of `users` starts: spread evenly over the ramp so sign-ins do not all land at once. */
export const userStartMs = (index: number, users: number, rampMs: number) => Math.floor((index * rampMs) / Math.max(1, users));

/** The requests of `sessions` planned sessions back to back (the saturation phase's script), user by user. */
export function replaySequence(
  sessions: number,
  users: readonly BenchUser[],
  ctx: MixContext,
  seed: number,
): { user: number; request: MixRequest }[] {
  const random = seededRandom(seed);
  const out: { user: number; request: MixRequest }[] = [];
  for (let s = 0; s < sessions; s++) {
    const u = s % users.length;
    for (const { page } of planSession(random)) for (const request of pageRequests(page, users[u]!, ctx)) out.push({ user: u, request });
  }
  return out;
}

/** Today's reporting day in the reporting time zone (the demo's calendar). */
export const reportingToday = (now = new Date()) => todayIn(undefined, now);
