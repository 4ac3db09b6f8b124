import type { DuckDbReportEngine } from '../../../report-engine/duckdb-engine';
import { refreshDerived } from '../../../report-engine/derived-tables';
import { benchWindow, PAIRS, PRODUCT_TYPES, SIZES } from './bulk-facts';
import { createRandom } from '../../../lib/random';

/**
 * Provider-scale bench facts: many publishers of skewed sizes (a few large networks, a long tail of
 * small sites), generated inside DuckDB like bulk-facts.ts but in one statement per table for all
 * publishers (a lateral range per publisher), so 100 M rows take minutes, not a loop of a thousand
 * deletes and inserts. DuckDB-only on purpose: it exists for the bench (bench/reports-provider.ts).
 */
export interface ProviderOptions {
  /** Total revenue sales rows across publishers (approximately: each publisher's rows are whole days). */
  rows: number;
  publishers: number;
  endDate: string;
  months?: number;
  seed?: number;
}

export interface ProviderPublisher {
  id: string;
  /** Sales rows per day: the publisher's key combinations (site x type/size x deal x brand). */
  perDay: number;
  sites: number;
}

export interface ProviderSummary {
  publishers: ProviderPublisher[];
  salesRows: number;
  dateFrom: string;
  dateTo: string;
}

/** Zipf exponent of the sizes: with 1,000 publishers the largest holds ~13% of the rows, the median ~0.03%. */
const ZIPF = 1;

/** Publisher ids sort by size rank: bulk-0001 is the largest. */
export function providerId(rank: number): string {
  return `bulk-${String(rank).padStart(4, '0')}`;
}

/**
 * Rows per day of each publisher, largest first: Zipf-like weights 1 / rank^ZIPF, each scaled by a
 * seeded log-normal jitter (sigma 0.3) so neighbours differ, then sorted again so ids follow size.
 * Deterministic for (rows, publishers, days, seed).
 */
export function providerSizes(rows: number, publishers: number, days: number, seed = 7): ProviderPublisher[] {
  const random = createRandom(seed);
  const weights = Array.from({ length: publishers }, (_, n) => {
    const gauss = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return (n === 0 ? 1 : Math.exp(0.3 * gauss)) / (n + 1) ** ZIPF;
  }).sort((a, b) => b - a);
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w, n) => {
    const perDay = Math.max(1, Math.round((rows * w) / total / days));
    // Sites grow with size: 1 for the smallest, 24 for the networks (~40 key combinations a site a day).
    return { id: providerId(n + 1), perDay, sites: Math.min(24, Math.max(1, Math.ceil(perDay / 40))) };
  });
}

/**
 * Generates sales, requests, recirculation, sites and every derived table for `publishers`
 * publishers into an empty engine. Row i of a publisher is day i / perDay and key combination
 * c = i % perDay, decoded as in bulk-facts.ts, so keys are unique per day. Rows are inserted in
 * (publisher, date) order: each publisher's rows sit in their own row groups.
 */
export async function generateProviderFacts(engine: DuckDbReportEngine, options: ProviderOptions): Promise<ProviderSummary> {
  const seed = options.seed ?? 7;
  const { dateFrom, days } = benchWindow(options.endDate, options.months ?? 13);
  const publishers = providerSizes(options.rows, options.publishers, days, seed);
  const values = publishers.map((p) => `('${p.id}', ${p.perDay}, ${p.sites})`).join(', ');
  await engine.write(async (conn) => {
    await conn.run(`CREATE OR REPLACE TEMP TABLE provider_pubs (id VARCHAR, per_day BIGINT, sites BIGINT)`);
    await conn.run(`INSERT INTO provider_pubs VALUES ${values}`);
    const c = '(i % p.per_day)';
    await conn.run(
      `INSERT INTO revenue_sales (date, publisher_id, site_id, product_type, size, brand, deal_name, deal_id, impressions, revenue, net_revenue)
       SELECT CAST($from AS DATE) + CAST(i // p.per_day AS INTEGER), p.id,
              p.id || '-s' || lpad(CAST(${c} % p.sites AS VARCHAR), 2, '0'),
              ${PRODUCT_TYPES}[CAST((${c} // p.sites) % ${PAIRS} AS INTEGER) + 1],
              ${SIZES}[CAST((${c} // p.sites) % ${PAIRS} AS INTEGER) + 1],
              'Brand ' || CAST(${c} // (p.sites * ${PAIRS}) // 3 AS VARCHAR),
              ['', 'Summer Premium', 'Video PMP'][CAST(${c} // (p.sites * ${PAIRS}) % 3 AS INTEGER) + 1],
              ['', 'D-1001', 'D-2002'][CAST(${c} // (p.sites * ${PAIRS}) % 3 AS INTEGER) + 1],
              imps,
              round(imps * (0.5 + (hash(i, $seed, p.id, 'cpm') % 800) / 100.0) / 1000, 4),
              round(imps * (0.5 + (hash(i, $seed, p.id, 'cpm') % 800) / 100.0) / 1000 * 0.7, 4)
       FROM provider_pubs p, LATERAL (SELECT i, CAST(50 + hash(i, $seed, p.id) % 4000 AS BIGINT) AS imps FROM range(p.per_day * $days) r(i))`,
      { from: dateFrom, seed, days },
    );
    // Requests and recirculation as bulk-facts.ts derives them, for all publishers at once.
    await conn.run(
      `INSERT INTO revenue_requests
       SELECT date, publisher_id, site_id, product_type,
              CAST(sum(impressions) / (0.45 + (hash(date, site_id, product_type) % 40) / 100.0) AS BIGINT)
       FROM revenue_sales GROUP BY date, publisher_id, site_id, product_type ORDER BY publisher_id, date`,
    );
    await conn.run(
      `INSERT INTO recirculation
       SELECT d.date, d.publisher_id, d.site_id, w.widget, pv, CAST(pv * w.ctr * (0.8 + (hash(d.date, d.site_id, w.widget) % 40) / 100.0) AS BIGINT)
       FROM (SELECT date, publisher_id, site_id, CAST(sum(impressions) // 4 AS BIGINT) AS site_pv FROM revenue_sales GROUP BY ALL) d,
            (VALUES ('Below Article', 1.0, 0.014), ('Right Rail', 0.55, 0.005), ('Explore More', 0.22, 0.031)) w(widget, share, ctr),
            LATERAL (SELECT CAST(d.site_pv * w.share AS BIGINT) AS pv)
       ORDER BY d.publisher_id, d.date`,
    );
    await conn.run(`INSERT OR REPLACE INTO sites SELECT DISTINCT site_id, publisher_id, 'Site ' || site_id FROM revenue_requests`);
    await conn.run('CREATE OR REPLACE TEMP TABLE provider_days AS SELECT DISTINCT publisher_id, date FROM revenue_requests ORDER BY ALL');
    await refreshDerived(conn, 'provider_days');
    await conn.run('DROP TABLE provider_days');
    await conn.run('DROP TABLE provider_pubs');
  });
  const salesRows = publishers.reduce((sum, p) => sum + p.perDay * days, 0);
  return { publishers, salesRows, dateFrom, dateTo: options.endDate };
}
