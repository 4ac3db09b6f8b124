import {
  RISK_CAUSE_KINDS,
  RISK_PERIOD_DAYS,
  Routes,
  shiftDays,
  type BlockingRule,
  type Monitor,
  type ReportDayRange,
  type RevenueAtRisk,
  type RevenueAtRiskQuery,
  type RiskCause,
  type SiteRevenueAtRisk,
} from '@pc/contracts';
import type { Db } from '../../db/pool';
import { notFound } from '../../lib/http-error';
import type { AdsTxtService } from '../adstxt';
import { impactPreview, type BlockingRulesService } from '../blocking-rules';
import type { MonitorsService } from '../monitors';
import type { ReportEngine } from '../../report-engine/report-engine';
import { reportingCalendarOf } from '../reports';
import type { SiteTagService } from '../site-tag';
import { createSiteStatusService, monitorCovers, type SiteStatus } from '../site-status';
import { cents, priceAdsTxt, priceBlocking, priceDowntime, pricePageSpeed } from './pricing';
import { revenueDaysOf, siteRevenuesOf, type SiteRevenue } from './revenue-facts';
import { publisherRecords } from '../publishers';

/** The impact preview prices a rule over its own window (impact-preview.ts). */
const IMPACT_DAYS = 30;

export interface RevenueAtRiskDeps {
  db: Db;
  engine: ReportEngine;
  adsTxt: Pick<AdsTxtService, 'list'>;
  monitors: Pick<MonitorsService, 'list' | 'dailyChecks'>;
  blockingRules: Pick<BlockingRulesService, 'list'>;
  siteTag: Pick<SiteTagService, 'adRevenue'>;
  now?: () => Date;
}

interface Ctx {
  uid: string;
  publisherId: string;
}

/** What every site's pricing shares: read once per publisher. */
interface PublisherFacts {
  range: ReportDayRange;
  today: string;
  revenueDays: number;
  adsTxt: Awaited<ReturnType<AdsTxtService['list']>>;
  monitors: Monitor[];
  rollups: Map<string, { day: string; checks: number; upChecks: number }[]>;
  lcp: { siteId: string; rating: 'good' | 'needs-improvement' | 'poor'; pageViews: number; pageRpm: number | null }[];
  rules: BlockingRule[];
  impact: Map<string, { removed: Map<string, number>; reason: string | null }>;
  /** Each priced site's revenue facts, by site id: read for all of them at once. */
  revenue: Map<string, SiteRevenue>;
}

export function createRevenueAtRiskService(deps: RevenueAtRiskDeps) {
  const now = deps.now ?? (() => new Date());

  async function rulesImpact(publisherId: string, currency: string, statuses: SiteStatus[], rules: BlockingRule[], today: string) {
    const sites = statuses.map((s) => ({ id: s.site.id, name: s.site.name }));
    const impact = new Map<string, { removed: Map<string, number>; reason: string | null }>();
    for (const rule of rules.filter((r) => r.status === 'active')) {
      const p = await impactPreview(deps.engine, { id: publisherId, currency, sites }, rule, today);
      impact.set(rule.id, { removed: new Map(p.priced ? p.sites.map((s) => [s.siteId, s.removedRevenue]) : []), reason: p.reason });
    }
    return impact;
  }

  /** `statuses`: every site of the publisher (the rules' impact); `priced`: the sites to price. */
  async function gather(ctx: Ctx, statuses: SiteStatus[], priced: SiteStatus[], currency: string): Promise<PublisherFacts> {
    const { today } = await reportingCalendarOf(deps.db, ctx.publisherId, now());
    const range = { from: shiftDays(today, -RISK_PERIOD_DAYS), to: shiftDays(today, -1) };
    const [revenueDays, revenue, adsTxt, monitors, adRevenue, rules] = await Promise.all([
      revenueDaysOf(deps.engine, ctx.publisherId, range),
      siteRevenuesOf(
        deps.engine,
        ctx.publisherId,
        priced.map((s) => s.site),
        range,
      ),
      deps.adsTxt.list(ctx),
      deps.monitors.list(ctx, {}),
      deps.siteTag.adRevenue(ctx.publisherId, range),
      deps.blockingRules.list(ctx),
    ]);
    const running = monitors.filter((m) => m.status !== 'paused');
    const rows = await deps.monitors.dailyChecks(
      ctx,
      running.map((m) => m.id),
      new Date(`${range.from}T00:00:00Z`),
    );
    const rollups = new Map<string, { day: string; checks: number; upChecks: number }[]>();
    for (const { monitorId, day, checks, upChecks } of rows) {
      if (day > range.to) continue;
      rollups.set(monitorId, [...(rollups.get(monitorId) ?? []), { day, checks, upChecks }]);
    }
    const impact = await rulesImpact(ctx.publisherId, currency, statuses, rules, today);
    return { range, today, revenueDays, adsTxt, monitors: running, rollups, lcp: adRevenue.rpmByLcp, rules, impact, revenue };
  }

  /** A site's daily rollups: per day, the worst of its monitors (a site is down when one of its checks fails). */
  function siteDays(f: PublisherFacts, monitors: Monitor[]) {
    const byDay = new Map<string, { day: string; checks: number; upChecks: number }>();
    for (const m of monitors)
      for (const d of f.rollups.get(m.id) ?? []) {
        const seen = byDay.get(d.day);
        const down = (x: { checks: number; upChecks: number }) => (x.checks > 0 ? (x.checks - x.upChecks) / x.checks : 0);
        if (!seen || down(d) > down(seen)) byDay.set(d.day, d);
      }
    return [...byDay.values()];
  }

  async function priceSite(ctx: Ctx, f: PublisherFacts, s: SiteStatus): Promise<SiteRevenueAtRisk> {
    const site = s.site;
    const revenue = f.revenue.get(site.id);
    if (!revenue) throw new Error(`No revenue facts were read for site ${site.id}.`);
    const domain = s.adsTxt ? f.adsTxt.find((d) => d.domain_id === s.adsTxt!.id) : undefined;
    const monitors = f.monitors.filter((m) => monitorCovers({ site_id: m.siteId, url: m.url }, site));
    const rules = f.rules.filter((r) => r.status === 'active' && (r.siteIds === null || r.siteIds.includes(site.id)));
    const causes: RiskCause[] = [
      priceAdsTxt({
        domain: domain
          ? {
              status: domain.status,
              missingCount: domain.missingCount,
              fix: {
                label: `Missing lines of ${domain.domain_name}`,
                href: `${Routes.adsTxt}?domain=${encodeURIComponent(domain.domain_id)}`,
              },
            }
          : null,
        addDomain: { label: 'Ads.txt management', href: Routes.adsTxt },
        programmaticRevenue: revenue.programmaticRevenue,
        revenueDays: f.revenueDays,
      }),
      priceDowntime({
        monitors: monitors.map((m) => ({ label: `Monitor ${m.name}`, href: Routes.uptimeMonitor(m.id) })),
        addMonitor: { label: `Add a monitor for ${site.name}`, href: Routes.uptimeMonitoringNew },
        days: siteDays(f, monitors),
        revenueByWeekday: revenue.byWeekday,
        revenueDays: f.revenueDays,
      }),
      pricePageSpeed({
        buckets: f.lcp.filter((b) => b.siteId === site.id),
        // Page RPM by speed counts only days with revenue facts (ad-revenue.queries.ts).
        days: f.revenueDays || RISK_PERIOD_DAYS,
        fix: {
          label: `Slowest pages of ${site.name}`,
          href: `${Routes.performance}?${new URLSearchParams({ site: site.id, from: f.range.from, to: f.range.to }).toString()}`,
        },
      }),
      priceBlocking({
        rules: rules.map((r) => {
          const i = f.impact.get(r.id);
          const removed = i && i.reason === null ? (i.removed.get(site.id) ?? 0) : null;
          return {
            fix: { label: `Rule ${r.name}`, href: `${Routes.blockingRules}?rule=${encodeURIComponent(r.id)}` },
            removedRevenue: removed,
            reason: i?.reason ?? null,
          };
        }),
        days: IMPACT_DAYS,
      }),
    ];
    const amountPerDay = cents(causes.reduce((a, c) => a + (c.amountPerDay ?? 0), 0));
    return { siteId: site.id, siteName: site.name, amountPerDay, causes };
  }

  return {
    /** Every active site's causes priced, largest amount first, with the totals per kind. */
    async revenueAtRisk(ctx: Ctx, q: RevenueAtRiskQuery): Promise<RevenueAtRisk> {
      const [{ statuses: all }, currency] = await Promise.all([
        createSiteStatusService(deps.db).statusesOf(ctx.publisherId),
        publisherRecords(deps.db).currencyOf(ctx.publisherId),
      ]);
      const statuses = q.siteId ? all.filter((s) => s.site.id === q.siteId) : all;
      if (q.siteId && statuses.length === 0) throw notFound('This site does not exist for the chosen publisher.');
      const facts = await gather(ctx, all, statuses, currency);
      const sites = (await Promise.all(statuses.map((s) => priceSite(ctx, facts, s)))).sort((a, b) => b.amountPerDay - a.amountPerDay);
      const byKind = Object.fromEntries(
        RISK_CAUSE_KINDS.map((k) => [k, cents(sites.reduce((a, s) => a + (s.causes.find((c) => c.kind === k)?.amountPerDay ?? 0), 0))]),
      ) as RevenueAtRisk['totals']['byKind'];
      return {
        currency,
        period: { ...facts.range, days: RISK_PERIOD_DAYS },
        totals: { amountPerDay: cents(sites.reduce((a, s) => a + s.amountPerDay, 0)), byKind },
        sites,
      };
    },
  };
}

export type RevenueAtRiskService = ReturnType<typeof createRevenueAtRiskService>;
