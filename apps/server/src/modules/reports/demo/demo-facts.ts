import type { RecirculationFact, ReportEngine, RevenueRequestFact, RevenueSalesFact } from '../../../report-engine/report-engine';
import { nextDay } from '../../../report-engine/estimated';
import { createRandom, hashString } from '../../../lib/random';

export interface DemoSite {
  id: string;
  name: string;
  /** Runs the organic (recirculation) product: only such sites get recirculation facts. */
  organic: boolean;
  /** Inactive sites stopped sending traffic 90 days before the end date. */
  active: boolean;
}

export interface DemoOptions {
  publishers: { id: string; sites: DemoSite[] }[];
  /** Last day with facts, YYYY-MM-DD. */
  endDate: string;
  /** Calendar months covered, the end date's month included (default 13). */
  months?: number;
  seed: number;
  /** Days before endDate that are still estimated (default 3). */
  estimatedDays?: number;
  /**
   * One day on which a site's product type sold at a fraction of its usual eCPM (a demand partner
   * stopped bidding): the demo's revenue anomaly, explained as an eCPM drop.
   */
  revenueDrop?: { siteId: string; productType: string; date: string; cpmFactor: number };
}

export interface DemoSummary {
  dateFrom: string;
  dateTo: string;
  revenueRows: number;
  recirculationRows: number;
}

/** (product type, size, share of the type's impressions, CPM in USD, fill rate). */
const INVENTORY = [
  { productType: 'Display', size: '300x250', share: 0.45, cpm: 1.9, fill: 0.68 },
  { productType: 'Display', size: '728x90', share: 0.3, cpm: 1.4, fill: 0.68 },
  { productType: 'Display', size: '320x50', share: 0.25, cpm: 0.9, fill: 0.68 },
  { productType: 'Native', size: 'Native', share: 1, cpm: 2.6, fill: 0.47 },
  { productType: 'Video', size: '640x360', share: 1, cpm: 8.5, fill: 0.31 },
] as const;
const PRODUCT_TYPES = [
  { name: 'Display', requestShare: 0.62 },
  { name: 'Native', requestShare: 0.28 },
  { name: 'Video', requestShare: 0.1 },
] as const;
const BRANDS = ['Acme Motors', 'Globex Bank', 'Initech Travel', 'Umbrella Health', 'Stark Retail'] as const;
/**
 * Each brand's advertiser domain and IAB Content Taxonomy 3.1 category (optional sales columns
 * that price domain and category blocking rules). Stark Retail serves from a subdomain, so a rule
 * on starkretail.com shows that a domain covers its subdomains.
 */
const BRAND_ATTRIBUTES: Record<(typeof BRANDS)[number], { advertiserDomain: string; iabCategory: string }> = {
  'Acme Motors': { advertiserDomain: 'acmemotors.com', iabCategory: '30' }, // Automotive > Auto Buying and Selling
  'Globex Bank': { advertiserDomain: 'globexbank.com', iabCategory: '392' }, // Personal Finance > Consumer Banking
  'Initech Travel': { advertiserDomain: 'initech-travel.com', iabCategory: '664' }, // Travel > Travel Type
  'Umbrella Health': { advertiserDomain: 'umbrellahealth.com', iabCategory: '320' }, // Medical Health > Pharmaceutical Drugs
  'Stark Retail': { advertiserDomain: 'shop.starkretail.com', iabCategory: '481' }, // Shopping > Sales and Promotions
};

/**
 * The brand's attributes as a demand source would report them: some bids arrive without the
 * advertiser domain (~1 in 12) or without a category (~1 in 5). Chosen by hash, not by the
 * random stream, so every other figure stays what it was.
 */
function brandAttributes(brand: (typeof BRANDS)[number], key: string): { advertiserDomain?: string; iabCategory?: string } {
  const { advertiserDomain, iabCategory } = BRAND_ATTRIBUTES[brand];
  const h = hashString(key);
  return { ...(h % 12 !== 0 ? { advertiserDomain } : {}), ...(Math.floor(h / 12) % 5 !== 0 ? { iabCategory } : {}) };
}
/** A couple of private deals on premium inventory. */
const DEALS: Record<string, { dealName: string; dealId: string }> = {
  '300x250': { dealName: 'Summer Premium', dealId: 'D-1001' },
  '640x360': { dealName: 'Video PMP', dealId: 'D-2002' },
};
const WIDGETS = [
  { widget: 'Below Article', pvShare: 1, ctr: 0.014 },
  { widget: 'Right Rail', pvShare: 0.55, ctr: 0.005 },
  { widget: 'Explore More', pvShare: 0.22, ctr: 0.031 },
] as const;
const NET_SHARE = 0.7;

/** Traffic multiplier: growth over the period, weekend dip, Q4 peak, January slump. */
function seasonality(date: string, progress: number): { traffic: number; cpm: number } {
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = d.getUTCDay();
  const week = weekday === 0 || weekday === 6 ? 0.78 : weekday === 1 ? 1.04 : 1;
  const month = d.getUTCMonth();
  const season = month === 10 || month === 11 ? 1.15 : month === 0 ? 0.88 : 1;
  const cpm = month === 10 || month === 11 ? 1.3 : month === 0 ? 0.8 : 1;
  return { traffic: (1 + 0.35 * progress) * week * season, cpm };
}

/** What the generator writes through: any ReportEngine, or a collector that only sums what it is given. */
export type DemoFactsSink = Pick<ReportEngine, 'upsertSites' | 'ingest' | 'setFinalizedThrough'>;

/**
 * Deterministic demo facts for the embedded default: the same options always give the same
 * figures. Built in JS (about 10^5 rows for a few publishers) and applied through the normal
 * ingest path one month at a time, so it works for any ReportEngine.
 */
export async function generateDemoFacts(engine: DemoFactsSink, options: DemoOptions): Promise<DemoSummary> {
  const months = options.months ?? 13;
  const end = new Date(`${options.endDate}T00:00:00Z`);
  const dateFrom = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - (months - 1), 1)).toISOString().slice(0, 10);
  const totalDays = Math.round((end.getTime() - new Date(`${dateFrom}T00:00:00Z`).getTime()) / 86_400_000) + 1;
  const cutoff = new Date(end.getTime() - 90 * 86_400_000).toISOString().slice(0, 10);

  await engine.upsertSites(options.publishers.flatMap((p) => p.sites.map((s) => ({ id: s.id, publisherId: p.id, name: s.name }))));

  let revenueRows = 0;
  let recirculationRows = 0;
  let requests: RevenueRequestFact[] = [];
  let sales: RevenueSalesFact[] = [];
  let recirculation: RecirculationFact[] = [];
  const flush = async () => {
    if (requests.length + sales.length > 0) await engine.ingest({ reportType: 'revenue', requests, sales });
    if (recirculation.length > 0) await engine.ingest({ reportType: 'recirculation', rows: recirculation });
    revenueRows += requests.length + sales.length;
    recirculationRows += recirculation.length;
    requests = [];
    sales = [];
    recirculation = [];
  };

  let date = dateFrom;
  for (let day = 0; day < totalDays; day += 1, date = nextDay(date)) {
    const { traffic, cpm: cpmFactor } = seasonality(date, day / totalDays);
    for (const publisher of options.publishers) {
      for (const site of publisher.sites) {
        if (!site.active && date > cutoff) continue;
        siteDayFacts({ options, publisher, site, date, day, traffic, cpmFactor }, { requests, sales, recirculation });
      }
    }
    if (date.endsWith('-01') && day > 0) await flush(); // a month per transaction keeps batches small
  }
  await flush();

  const finalized = new Date(end.getTime() - (options.estimatedDays ?? 3) * 86_400_000).toISOString().slice(0, 10);
  for (const publisher of options.publishers) {
    await engine.setFinalizedThrough(publisher.id, 'revenue', finalized);
    await engine.setFinalizedThrough(publisher.id, 'recirculation', finalized);
  }
  return { dateFrom, dateTo: options.endDate, revenueRows, recirculationRows };
}

/** One site's facts of one day, pushed onto `out`: requests and sales per product and brand, and its recirculation. */
function siteDayFacts(
  {
    options,
    publisher,
    site,
    date,
    day,
    traffic,
    cpmFactor,
  }: {
    options: DemoOptions;
    publisher: DemoOptions['publishers'][number];
    site: DemoSite;
    date: string;
    day: number;
    traffic: number;
    cpmFactor: number;
  },
  out: { requests: RevenueRequestFact[]; sales: RevenueSalesFact[]; recirculation: RecirculationFact[] },
) {
  const { requests, sales, recirculation } = out;
  // One stream per (seed, site, day): adding a site never changes another site's figures.
  const random = createRandom(options.seed ^ hashString(`${publisher.id}/${site.id}/${date}`));
  const size = 40_000 + (hashString(site.id) % 200_000);
  const noise = () => 0.92 + random() * 0.16;
  const siteRequests = size * traffic * noise();
  for (const pt of PRODUCT_TYPES) {
    const drop = options.revenueDrop;
    const dropFactor = drop && drop.siteId === site.id && drop.productType === pt.name && drop.date === date ? drop.cpmFactor : 1;
    const impRequests = Math.round(siteRequests * pt.requestShare * noise());
    requests.push({ date, publisherId: publisher.id, siteId: site.id, productType: pt.name, impRequests });
    for (const inv of INVENTORY.filter((i) => i.productType === pt.name)) {
      const impressions = impRequests * inv.fill * inv.share * noise();
      const deal = DEALS[inv.size];
      const brandCount = 2 + Math.floor(random() * 3);
      for (let b = 0; b < brandCount; b += 1) {
        const brand = BRANDS[(b + day) % BRANDS.length] ?? 'Acme Motors';
        const parts =
          deal && b === 0
            ? [
                { ...deal, part: 0.25, premium: 1.8 },
                { dealName: '', dealId: '', part: 0.75, premium: 1 },
              ]
            : [{ dealName: '', dealId: '', part: 1, premium: 1 }];
        for (const part of parts) {
          const imps = Math.round((impressions / brandCount) * part.part);
          const revenue = round2((imps * inv.cpm * cpmFactor * dropFactor * part.premium * noise()) / 1000);
          sales.push({
            date,
            publisherId: publisher.id,
            siteId: site.id,
            productType: pt.name,
            size: inv.size,
            brand,
            dealName: part.dealName,
            dealId: part.dealId,
            impressions: imps,
            revenue,
            netRevenue: round2(revenue * NET_SHARE),
            ...brandAttributes(brand, `${site.id}/${date}/${inv.size}/${brand}`),
          });
        }
      }
    }
  }
  if (site.organic) {
    const pageViews = siteRequests * 0.35;
    for (const w of WIDGETS) {
      const pv = Math.round(pageViews * w.pvShare * noise());
      recirculation.push({
        date,
        publisherId: publisher.id,
        siteId: site.id,
        widget: w.widget,
        organicPageViews: pv,
        organicClicks: Math.round(pv * w.ctr * noise()),
      });
    }
  }
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
