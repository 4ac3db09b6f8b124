import { UsageUserTypes, type UsageExportKind, type UsageQuery, type UsageReport } from '@pc/contracts';
import type { UsageRepo } from './usage.repo';

const DAY_MS = 86_400_000;
const days = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
};

/**
 * Usage analytics for the console: daily active users, events by name, pages by
 * views, per partner and per user type, over a day range (UTC days of receipt). Every figure comes
 * from the rollups, so the answer time does not grow with the raw event count.
 */
export function createUsageService(repo: UsageRepo) {
  return {
    async report(q: UsageQuery): Promise<UsageReport> {
      const [dailyEvents, userCounts, typeEvents, events, pages, pageViews, partners] = await Promise.all([
        repo.dailyEvents(q),
        repo.userCounts(q),
        repo.eventsByUserType(q),
        repo.eventsByName(q),
        repo.pagesByViews(q),
        repo.pageViews(q),
        q.publisherId === undefined ? repo.partners(q) : Promise.resolve([]),
      ]);
      const { daily: dailyUsers, byUserType: typeUsers, total: activeUsers } = userCounts;
      const ev = new Map(dailyEvents.map((r) => [r.day, r.events]));
      const us = new Map(dailyUsers.map((r) => [r.day, r.users]));
      const daily = days(q.from, q.to).map((day) => ({ day, activeUsers: us.get(day) ?? 0, events: ev.get(day) ?? 0 }));
      const tu = new Map(typeUsers.map((r) => [r.user_type, r.users]));
      const te = new Map(typeEvents.map((r) => [r.user_type, r.events]));
      const byUserType = UsageUserTypes.filter((t) => te.has(t) || tu.has(t)).map((userType) => ({
        userType,
        activeUsers: tu.get(userType) ?? 0,
        events: te.get(userType) ?? 0,
      }));
      return {
        from: q.from,
        to: q.to,
        daily,
        totals: { activeUsers, events: daily.reduce((s, d) => s + d.events, 0), pageViews },
        byUserType,
        events,
        pages,
        partners: partners.map((p) => ({ publisherId: p.publisher_id, name: p.name, activeUsers: p.users, events: p.events })),
      };
    },

    /** One table of the report as CSV rows (header first). */
    async exportRows(q: UsageQuery, kind: UsageExportKind): Promise<string[][]> {
      const r = await this.report(q);
      switch (kind) {
        case 'daily':
          return [['day', 'active_users', 'events'], ...r.daily.map((d) => [d.day, String(d.activeUsers), String(d.events)])];
        case 'events':
          return [['event', 'count'], ...r.events.map((e) => [e.event, String(e.count)])];
        case 'pages':
          return [['page', 'views'], ...r.pages.map((p) => [p.page, String(p.views)])];
        case 'partners':
          return [
            ['partner_id', 'partner', 'active_users', 'events'],
            ...r.partners.map((p) => [p.publisherId, p.name ?? '', String(p.activeUsers), String(p.events)]),
          ];
      }
    },
  };
}
export type UsageService = ReturnType<typeof createUsageService>;
