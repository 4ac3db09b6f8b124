import type { Logger } from 'pino';
import type { Db } from '../../../db/pool';
import { bucketOf, emptyHistogram } from '../rollup-histogram';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The demo target listener answers 503 here during the first 3 minutes of every quarter hour: a flapping target. */
export const DEMO_FLAKY_PATH = '/demo/uptime/flaky';
export const demoFlakyIsDown = (now = new Date()) => now.getUTCMinutes() % 15 < 3;

type Kind = 'healthy' | 'flaky' | 'down' | 'recorded';
interface DemoMonitor {
  id: string;
  publisher: string;
  site: string | null;
  name: string;
  kind: Kind;
  /** Loopback targets get the demo target listener's port (demo-targets.ts) on every start. */
  url: (port: number) => string;
  baseMs: number;
  /** A past outage in the seeded history: whole minutes down in the hour `hoursAgo` before now. */
  outage?: { hoursAgo: number; minutes: number };
}

// Fixed ids: the seed can find its monitors again on the next start and move them to the new port.
const MONITORS: DemoMonitor[] = [
  {
    id: '00000000-0000-4000-8000-00000000d001',
    publisher: '1001',
    site: '5001',
    name: 'Northwind News home',
    kind: 'healthy',
    url: (p) => `http://127.0.0.1:${p}/healthz`,
    baseMs: 45,
    // Three days ago, 40 minutes down: revenue at risk prices Northwind's downtime on `npm start`.
    outage: { hoursAgo: 72, minutes: 40 },
  },
  // The flapping and the down monitor belong to Evergreen Digital, whose seeded history already has a
  // downtime of its travel site: live downtime incidents land there, while Northwind's incidents stay
  // the fixed story the seeded incidents tell (one open ads.txt incident, e2e/specs/incidents.spec.ts).
  {
    id: '00000000-0000-4000-8000-00000000d002',
    publisher: '1003',
    site: '5202',
    name: 'Evergreen Travel departures',
    kind: 'flaky',
    url: (p) => `http://127.0.0.1:${p}${DEMO_FLAKY_PATH}`,
    baseMs: 120,
  },
  // Port 9 (discard) is closed on a normal machine: the connection is refused, so this one is down.
  {
    id: '00000000-0000-4000-8000-00000000d003',
    publisher: '1003',
    site: null,
    name: 'Evergreen checkout API',
    kind: 'down',
    url: () => 'http://127.0.0.1:9/health',
    baseMs: 260,
  },
  // Never checked live (no internet in the demo): paused, with recorded checks whose certificate expires in 9 days.
  {
    id: '00000000-0000-4000-8000-00000000d004',
    publisher: '1001',
    site: '5001',
    name: 'Northwind shop (recorded certificate)',
    kind: 'recorded',
    url: () => 'https://shop.northwind-news.example/',
    baseMs: 180,
  },
  {
    id: '00000000-0000-4000-8000-00000000d005',
    publisher: '1002',
    site: '5101',
    name: 'Blue Harbor home',
    kind: 'healthy',
    url: (p) => `http://127.0.0.1:${p}/healthz`,
    baseMs: 60,
  },
];

/** Deterministic noise in [0, 1) from a number (no Math.random: the same clock gives the same history). */
function noise(n: number): number {
  const x = Math.sin(n * 12.9898) * 43_758.5453;
  return x - Math.floor(x);
}

/** One past hour of a demo monitor: checks at 60 s, how many passed, and the response times. */
function hourOf(m: DemoMonitor, index: number, hourStart: number, now: number) {
  const checks = 60;
  const hoursAgo = Math.round((now - hourStart) / HOUR_MS);
  let up = checks;
  if (m.kind === 'flaky') up = checks - 12; // 3 of every 15 minutes fail
  if (m.kind === 'down') up = hoursAgo <= 3 ? 0 : noise(hourStart / HOUR_MS + index) < 0.03 ? checks - 4 : checks;
  if (m.kind === 'healthy' && noise(hourStart / HOUR_MS + index * 7) < 0.01) up = checks - 2;
  if (m.outage && hoursAgo === m.outage.hoursAgo) up = checks - m.outage.minutes;
  const daily = Math.sin(((new Date(hourStart).getUTCHours() - 6) / 24) * 2 * Math.PI); // busier afternoons
  const avg = Math.round(m.baseMs * (1 + 0.35 * daily + 0.3 * noise(hourStart / HOUR_MS + index * 13)));
  const histogram = emptyHistogram();
  histogram[bucketOf(avg)]! += Math.round(checks * 0.7);
  histogram[bucketOf(avg * 1.6)]! += Math.round(checks * 0.25);
  histogram[bucketOf(avg * 3)]! += checks - Math.round(checks * 0.7) - Math.round(checks * 0.25);
  return { checks, up, sumMs: avg * checks, histogram };
}

/**
 * Demo monitors against the demo's own loopback target listener (demo-targets.ts: a health
 * page, a flapping page) and a refused port, plus one with recorded results, so uptime pages, charts and incidents are alive
 * on `npm start` without the internet. Past hours come from rollups seeded once; live checks by
 * the real scheduler add to them. Runs on every start to point loopback targets at `port`, the
 * target listener's port of this run.
 */
export async function seedDemoMonitors(db: Db, port: number, log: Logger, now = Date.now()): Promise<void> {
  const existing = await db
    .selectFrom('monitors')
    .select('id')
    .where(
      'id',
      'in',
      MONITORS.map((m) => m.id),
    )
    .execute();
  if (existing.length > 0) {
    for (const m of MONITORS)
      await db
        .updateTable('monitors')
        .set({ url: m.url(port), publisher_id: m.publisher, site_id: m.site, name: m.name })
        .where('id', '=', m.id)
        .execute();
    return;
  }
  const thisHour = Math.floor(now / HOUR_MS) * HOUR_MS;
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  await db.transaction().execute(async (trx) => {
    for (const [index, m] of MONITORS.entries()) {
      const recorded = m.kind === 'recorded';
      const certExpiresAt = recorded ? new Date(now + 9 * DAY_MS + HOUR_MS) : null;
      const t = { now, thisHour, today, port, certExpiresAt };
      await insertMonitor(trx, m, index, t);
      await insertRollups(trx, m, index, t);
      if (recorded) await insertRecordedResults(trx, m, t);
    }
  });
  log.info({ monitors: MONITORS.length }, 'demo monitors seeded');
}

/** The times the seed works from, and the recorded monitor's certificate expiry. */
interface SeedTimes {
  now: number;
  thisHour: number;
  today: number;
  port: number;
  certExpiresAt: Date | null;
}

/** The monitor's row: live ones due within seconds, the recorded one paused with its certificate warning. */
async function insertMonitor(trx: Db, m: DemoMonitor, index: number, { now, thisHour, port, certExpiresAt }: SeedTimes) {
  const recorded = m.kind === 'recorded';
  await trx
    .insertInto('monitors')
    .values({
      id: m.id,
      publisher_id: m.publisher,
      site_id: m.site,
      name: m.name,
      url: m.url(port),
      method: 'GET',
      interval_seconds: 60,
      timeout_seconds: 5,
      // The refused port is down at its first check (no retry), so its incident opens within seconds.
      // Healthy ones get two retries: a slow moment of a busy machine must not open an incident.
      retries: m.kind === 'down' ? 0 : m.kind === 'healthy' ? 2 : 1,
      accepted_status_codes: ['200-299'],
      keyword: null,
      keyword_mode: 'contains',
      cert_expiry_days: 14,
      follow_redirects: true,
      notify_emails: [],
      paused: recorded,
      status: recorded ? 'up' : 'pending',
      cert_warning: recorded,
      cert_expires_at: certExpiresAt,
      last_check_at: recorded ? new Date(thisHour - HOUR_MS) : null,
      last_response_ms: recorded ? m.baseMs : null,
      // The live monitors' first checks run within seconds of start, spread a little.
      next_check_at: new Date(now + 2000 + index * 1500),
      updated_at: new Date(now),
    })
    .execute();
}

/** 30 days of hours (the last 7 stored hourly), summed per day; today and this hour are left to live checks. */
async function insertRollups(trx: Db, m: DemoMonitor, index: number, { now, thisHour, today }: SeedTimes) {
  const days = new Map<number, { checks: number; up: number; sumMs: number; histogram: number[] }>();
  for (let h = thisHour - 30 * DAY_MS; h < thisHour; h += HOUR_MS) {
    if (h < today - 30 * DAY_MS) continue;
    const r = hourOf(m, index, h, now);
    if (h >= thisHour - 7 * DAY_MS)
      await trx
        .insertInto('monitor_rollups')
        .values({
          monitor_id: m.id,
          grain: 'hour',
          bucket: new Date(h),
          checks: r.checks,
          up_checks: r.up,
          sum_ms: r.sumMs,
          histogram: r.histogram,
        })
        .execute();
    const day = Math.floor(h / DAY_MS) * DAY_MS;
    if (day >= today) continue;
    const d = days.get(day) ?? { checks: 0, up: 0, sumMs: 0, histogram: emptyHistogram() };
    d.checks += r.checks;
    d.up += r.up;
    d.sumMs += r.sumMs;
    r.histogram.forEach((c, i) => (d.histogram[i]! += c));
    days.set(day, d);
  }
  for (const [day, d] of days)
    await trx
      .insertInto('monitor_rollups')
      .values({
        monitor_id: m.id,
        grain: 'day',
        bucket: new Date(day),
        checks: d.checks,
        up_checks: d.up,
        sum_ms: d.sumMs,
        histogram: d.histogram,
      })
      .execute();
}

/** The recorded monitor's last five checks, one an hour. */
async function insertRecordedResults(trx: Db, m: DemoMonitor, { thisHour, certExpiresAt }: SeedTimes) {
  for (let i = 1; i <= 5; i++)
    await trx
      .insertInto('monitor_results')
      .values({
        monitor_id: m.id,
        scheduled_at: new Date(thisHour - i * HOUR_MS),
        at: new Date(thisHour - i * HOUR_MS + 40),
        ok: true,
        http_status: 200,
        total_ms: m.baseMs + i * 7,
        dns_ms: 12,
        connect_ms: 30,
        tls_ms: 55,
        first_byte_ms: m.baseMs - 20,
        keyword_found: null,
        cert_expires_at: certExpiresAt,
        error: null,
      })
      .execute();
}
