import { ADS_TXT_PRODUCT_TYPES, type RiskCause, type RiskFix, type RiskInput } from '@pc/contracts';

/**
 * The four causes priced from facts already gathered (pure: the service reads, these price).
 * Every amount is money per day in the publisher's currency, rounded to the cent.
 */

/** Fewer page views than this in a speed bucket: its page RPM says too little to compare. */
export const MIN_BUCKET_PAGE_VIEWS = 1000;
/** Fewer checks than a day's worth at 5 minutes: a monitor that barely ran prices nothing. */
export const MIN_MONITOR_CHECKS = 288;
const MINUTES_PER_DAY = 1440;

export const cents = (money: number) => Math.round(money * 100) / 100;
const money = (label: string, value: number): RiskInput => ({ label, value: cents(value), unit: 'money' });
const count = (label: string, value: number): RiskInput => ({ label, value, unit: 'count' });
const days = (label: string, value: number): RiskInput => ({ label, value, unit: 'days' });

const priced = (
  kind: RiskCause['kind'],
  amount: number,
  formula: string,
  inputs: RiskInput[],
  fixes: RiskFix[],
  note: string | null = null,
) => ({ kind, status: 'priced', amountPerDay: cents(amount), formula, inputs, note, fixes }) satisfies RiskCause;
const unpriced = (kind: RiskCause['kind'], status: 'tooLittleData' | 'none', formula: string, note: string, fixes: RiskFix[] = []) =>
  ({ kind, status, amountPerDay: null, formula, inputs: [], note, fixes }) satisfies RiskCause;

export interface AdsTxtFacts {
  /** null: the site's domain is not in ads.txt management, so nothing checks its lines. */
  domain: { status: 'authorized' | 'missing_lines' | 'not_found' | 'error' | 'not_crawled'; missingCount: number; fix: RiskFix } | null;
  /** Where a domain is added to ads.txt management (the fix when the site has none). */
  addDomain?: RiskFix;
  /** The site's revenue of the ads.txt product types over the priced days. */
  programmaticRevenue: number;
  /** Days with revenue facts in the period. */
  revenueDays: number;
}

const ADS_TXT_FORMULA = `revenue of ${ADS_TXT_PRODUCT_TYPES.join(', ')} ÷ days`;

export function priceAdsTxt(f: AdsTxtFacts): RiskCause {
  const d = f.domain;
  if (!d)
    return unpriced(
      'adstxt',
      'tooLittleData',
      ADS_TXT_FORMULA,
      'The site’s domain is not in ads.txt management, so its lines are not checked.',
      f.addDomain ? [f.addDomain] : [],
    );
  if (d.status === 'not_crawled')
    return unpriced('adstxt', 'tooLittleData', ADS_TXT_FORMULA, 'The ads.txt file has not been read yet.', [d.fix]);
  if (d.status === 'authorized') return unpriced('adstxt', 'none', ADS_TXT_FORMULA, 'Every required line is in the file.');
  if (f.revenueDays === 0) return unpriced('adstxt', 'tooLittleData', ADS_TXT_FORMULA, 'No revenue facts in the period.', [d.fix]);
  const why =
    d.status === 'missing_lines'
      ? `${d.missingCount} required line${d.missingCount === 1 ? ' is' : 's are'} missing.`
      : d.status === 'not_found'
        ? 'The file was not found: every required line is missing.'
        : 'The file could not be read.';
  return priced(
    'adstxt',
    f.programmaticRevenue / f.revenueDays,
    ADS_TXT_FORMULA,
    [
      money('Programmatic revenue in the period', f.programmaticRevenue),
      days('Days', f.revenueDays),
      count('Missing lines', d.missingCount),
    ],
    [d.fix],
    why,
  );
}

export interface DowntimeFacts {
  /** Running monitors that check the site, each with its link. */
  monitors: RiskFix[];
  /** Where a monitor is added (the fix when none checks the site). */
  addMonitor?: RiskFix;
  /** Daily rollups of those monitors in the period (UTC days). */
  days: { day: string; checks: number; upChecks: number }[];
  /** The site's revenue per weekday (0 = Sunday) summed over the period, and how many such days had facts. */
  revenueByWeekday: { revenue: number; days: number }[];
  revenueDays: number;
}

const DOWNTIME_FORMULA = 'Σ minutes down × revenue per minute of that weekday ÷ days';

/** Revenue per minute of a weekday: its average day's revenue over 1,440 minutes. */
export function revenuePerMinute(w: { revenue: number; days: number } | undefined): number {
  return w && w.days > 0 ? w.revenue / w.days / MINUTES_PER_DAY : 0;
}

export function priceDowntime(f: DowntimeFacts): RiskCause {
  if (f.monitors.length === 0)
    return unpriced(
      'downtime',
      'tooLittleData',
      DOWNTIME_FORMULA,
      'No running monitor checks this site.',
      f.addMonitor ? [f.addMonitor] : [],
    );
  const checks = f.days.reduce((a, d) => a + d.checks, 0);
  if (checks < MIN_MONITOR_CHECKS)
    return unpriced('downtime', 'tooLittleData', DOWNTIME_FORMULA, 'The monitors have run too few checks in the period.', f.monitors);
  if (f.revenueDays === 0) return unpriced('downtime', 'tooLittleData', DOWNTIME_FORMULA, 'No revenue facts in the period.', f.monitors);
  let minutes = 0;
  let lost = 0;
  for (const d of f.days) {
    if (d.checks === 0) continue;
    const down = ((d.checks - d.upChecks) / d.checks) * MINUTES_PER_DAY;
    minutes += down;
    lost += down * revenuePerMinute(f.revenueByWeekday[new Date(`${d.day}T00:00:00Z`).getUTCDay()]);
  }
  if (minutes === 0) return unpriced('downtime', 'none', DOWNTIME_FORMULA, 'No downtime in the period.', f.monitors);
  return priced(
    'downtime',
    lost / f.revenueDays,
    DOWNTIME_FORMULA,
    [
      { label: 'Minutes down', value: Math.round(minutes * 10) / 10, unit: 'minutes' },
      money('Revenue lost in those minutes', lost),
      days('Days', f.revenueDays),
    ],
    f.monitors,
  );
}

export interface PageSpeedFacts {
  /** Page views and page RPM per LCP rating of the site's days (site tag); empty without tag data. */
  buckets: { rating: 'good' | 'needs-improvement' | 'poor'; pageViews: number; pageRpm: number | null }[];
  days: number;
  fix: RiskFix;
}

const PAGE_SPEED_FORMULA = '(page RPM on good days − page RPM on slow days) ÷ 1,000 × slow days’ page views ÷ days';

/** The slow bucket: the days rated needs-improvement or poor, their page RPM weighted by page views. */
function bucketOf(buckets: PageSpeedFacts['buckets'], slow: boolean) {
  const list = buckets.filter((b) => (b.rating === 'good') !== slow && b.pageRpm !== null);
  const pageViews = list.reduce((a, b) => a + b.pageViews, 0);
  const revenue = list.reduce((a, b) => a + (b.pageRpm! * b.pageViews) / 1000, 0);
  return { pageViews, rpm: pageViews > 0 ? (revenue / pageViews) * 1000 : 0 };
}

export function pricePageSpeed(f: PageSpeedFacts): RiskCause {
  if (f.buckets.length === 0)
    return unpriced('pageSpeed', 'tooLittleData', PAGE_SPEED_FORMULA, 'The site tag has measured no page speed on this site.');
  const good = bucketOf(f.buckets, false);
  const slow = bucketOf(f.buckets, true);
  if (slow.pageViews === 0) return unpriced('pageSpeed', 'none', PAGE_SPEED_FORMULA, 'No slow days in the period.');
  if (slow.pageViews < MIN_BUCKET_PAGE_VIEWS || good.pageViews < MIN_BUCKET_PAGE_VIEWS)
    return unpriced(
      'pageSpeed',
      'tooLittleData',
      PAGE_SPEED_FORMULA,
      'Too few page views on good or slow days to compare their page RPM.',
      [f.fix],
    );
  const gap = good.rpm - slow.rpm;
  if (gap <= 0) return unpriced('pageSpeed', 'none', PAGE_SPEED_FORMULA, 'Slow days earned as much per page as good days.', [f.fix]);
  return priced(
    'pageSpeed',
    ((gap / 1000) * slow.pageViews) / f.days,
    PAGE_SPEED_FORMULA,
    [
      { label: 'Page RPM on good days', value: cents(good.rpm), unit: 'rpm' },
      { label: 'Page RPM on slow days', value: cents(slow.rpm), unit: 'rpm' },
      count('Page views on slow days', Math.round(slow.pageViews)),
      days('Days', f.days),
    ],
    [f.fix],
  );
}

export interface BlockingFacts {
  /** Active rules applying to the site; removedRevenue null when the impact cannot be priced. */
  rules: { fix: RiskFix; removedRevenue: number | null; reason: string | null }[];
  /** The impact figures' window. */
  days: number;
}

const BLOCKING_FORMULA = 'revenue the active rules removed ÷ days';

export function priceBlocking(f: BlockingFacts): RiskCause {
  if (f.rules.length === 0) return unpriced('blocking', 'none', BLOCKING_FORMULA, 'No active rule applies to this site.');
  const pricedRules = f.rules.filter((r) => r.removedRevenue !== null);
  const fixes = f.rules.map((r) => r.fix);
  if (pricedRules.length === 0)
    return unpriced(
      'blocking',
      'tooLittleData',
      BLOCKING_FORMULA,
      f.rules.find((r) => r.reason)?.reason ?? 'The rules’ impact cannot be priced.',
      fixes,
    );
  const removed = pricedRules.reduce((a, r) => a + r.removedRevenue!, 0);
  if (removed === 0) return unpriced('blocking', 'none', BLOCKING_FORMULA, 'The active rules removed no revenue.', fixes);
  const unpricedCount = f.rules.length - pricedRules.length;
  return priced(
    'blocking',
    removed / f.days,
    BLOCKING_FORMULA,
    [money('Revenue removed', removed), days('Days', f.days), count('Rules', pricedRules.length)],
    fixes.filter((_, i) => f.rules[i]!.removedRevenue !== null && f.rules[i]!.removedRevenue! > 0),
    unpricedCount > 0 ? `${unpricedCount} more rule${unpricedCount === 1 ? '' : 's'} cannot be priced.` : null,
  );
}
