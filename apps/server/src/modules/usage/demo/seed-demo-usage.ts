import { sql } from 'kysely';
import type { Db } from '../../../db/pool';
import { DEMO_EMAILS } from '../../../demo/demo-data';

/** Each demo user's tracking scope and the partner its events are about. */
const ACTORS = [
  {
    email: DEMO_EMAILS.admin,
    scope: { type: 'internal', adminAccess: true, mediaOwnerId: null, mediaOwners: [] },
    publisherId: '1001',
    every: 3,
  },
  {
    email: DEMO_EMAILS.staff,
    scope: { type: 'internal', adminAccess: false, mediaOwnerId: null, mediaOwners: [] },
    publisherId: '1003',
    every: 2,
  },
  {
    email: DEMO_EMAILS.multi,
    scope: { type: 'other', adminAccess: false, mediaOwnerId: null, mediaOwners: ['1001', '1003'] },
    publisherId: '1001',
    every: 1,
  },
  {
    email: DEMO_EMAILS.single,
    scope: { type: 'external_single', adminAccess: false, mediaOwnerId: '1002', mediaOwners: [] },
    publisherId: '1002',
    every: 1,
  },
] as const;

/** Pages and the view event each sends; names other areas' tests count (Login, Overview View) are left out. */
const PAGES = [
  ['/adstxt', 'Ads.txt View'],
  ['/blocking-rules', 'Blocking Rule View'],
  ['/incidents', 'Incidents View'],
  ['/reports/ad-revenue', 'Ad Revenue View'],
  ['/services', 'Activation'],
] as const;

/**
 * Thirty days of /mp events for the demo users, ending yesterday, so the console's usage analytics
 * has something to show on `npm start`. Deterministic: counts come from the day and user index
 * only. Written as raw events, so the rollups come from the same trigger as live traffic (the
 * tracking area's insert stamps each event now; these are spread over past days).
 */
export async function seedDemoUsage(db: Db): Promise<void> {
  for (const [a, actor] of ACTORS.entries()) {
    const user = await db.selectFrom('users').select('id').where('email', '=', actor.email).executeTakeFirst();
    if (!user) continue;
    const rows: { event: string; page: string; day: number }[] = [];
    for (let day = 1; day <= 30; day++) {
      if (day % actor.every !== 0) continue;
      const visits = 1 + ((day * 7 + a * 3) % 4);
      for (let v = 0; v < visits; v++) {
        const [page, event] = PAGES[(day + v + a) % PAGES.length]!;
        rows.push({ event: 'Page View', page, day }, { event, page, day });
      }
    }
    await db
      .insertInto('tracking_events')
      .values(
        rows.map((r) => ({
          user_id: user.id,
          event: r.event,
          client_timestamp: '01/01/2026, 10:00:00',
          scope: JSON.stringify(actor.scope),
          properties: JSON.stringify({ publisher_id: actor.publisherId, ...(r.event === 'Page View' ? { page: r.page } : {}) }),
          received_at: sql<Date>`date_trunc('day', now()) - ${r.day} * interval '1 day' + interval '10 hours'`,
        })),
      )
      .execute();
  }
}
