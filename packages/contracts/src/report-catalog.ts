/**
 * Report vocabulary: report types, dimensions, metrics, intervals, their UI labels, kinds and
 * tooltips. Plain constants so the shared parts can move to packages/contracts unchanged; the
 * engine maps these keys to fixed SQL and never interpolates anything else.
 */

export const REPORT_TYPES = ['revenue', 'recirculation'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const INTERVALS = ['Day', 'Month', 'Cumulative'] as const;
export type Interval = (typeof INTERVALS)[number];

/** The spec's row-limit constant: the interactive table shows at most this many rows. */
export const ROW_LIMIT = 500;

/**
 * Reports up to this many rows download at once from the page; larger ones are exported by a job
 *. The server's REPORT_DIRECT_DOWNLOAD_MAX_ROWS decides; this is its default
 * and the page's hint (a 413 makes the page fall back to a job).
 */
export const DIRECT_DOWNLOAD_MAX_ROWS = 5000;

export const REVENUE_DIMENSIONS = ['sites', 'product_type', 'size', 'brand', 'deal_name', 'deal_id'] as const;
export const RECIRCULATION_DIMENSIONS = ['sites', 'widget'] as const;
export type RevenueDimension = (typeof REVENUE_DIMENSIONS)[number];
export type RecirculationDimension = (typeof RECIRCULATION_DIMENSIONS)[number];
export type DimensionKey = RevenueDimension | RecirculationDimension;

export const REVENUE_METRICS = [
  'impRequests',
  'impressions',
  'fillRate',
  'revenue',
  'netRevenue',
  'eCpm',
  'netECpm',
  'cpm',
  'netCpm',
] as const;
export const RECIRCULATION_METRICS = ['organicPageViews', 'organicClicks', 'organicCtr'] as const;
export type RevenueMetric = (typeof REVENUE_METRICS)[number];
export type RecirculationMetric = (typeof RECIRCULATION_METRICS)[number];
export type MetricKey = RevenueMetric | RecirculationMetric;

/** Time columns added by the interval (Cumulative adds none). */
export type TimeColumnKey = 'date' | 'month';

/** How a value is shown: counts as integers, money in the publisher's currency, ratios as %. */
export type ValueKind = 'count' | 'money' | 'ratio-percent';
export type ColumnKind = ValueKind | 'date' | 'month' | 'text';

export interface DimensionDef {
  key: DimensionKey;
  label: string;
  tooltip?: string;
  /** The spec flags the Deal dimension and the Deal ID option inactive (not offered by default). */
  inactive?: boolean;
}

export interface MetricDef {
  key: MetricKey;
  label: string;
  kind: ValueKind;
  tooltip?: string;
  /**
   * Whether the metric needs impression requests, which exist only per site x product type;
   * such metrics are unavailable when the report is split by a finer dimension.
   */
  usesRequests?: boolean;
}

export const DIMENSIONS: Readonly<Record<DimensionKey, DimensionDef>> = {
  sites: {
    key: 'sites',
    label: 'Site',
    tooltip: 'Explore More and RSS widget page views are not counted in site totals.',
  },
  product_type: { key: 'product_type', label: 'Product Type' },
  size: { key: 'size', label: 'Size' },
  brand: { key: 'brand', label: 'Brand' },
  deal_name: { key: 'deal_name', label: 'Deal', inactive: true },
  deal_id: { key: 'deal_id', label: 'Deal ID', inactive: true },
  widget: { key: 'widget', label: 'Widget' },
};

export const METRICS: Readonly<Record<MetricKey, MetricDef>> = {
  impRequests: {
    key: 'impRequests',
    label: 'Impression Requests',
    kind: 'count',
    usesRequests: true,
    tooltip: 'How many times your pages asked for an ad. Counted per site and product type.',
  },
  impressions: { key: 'impressions', label: 'Impressions', kind: 'count', tooltip: 'How many ads were shown.' },
  fillRate: {
    key: 'fillRate',
    label: 'Fill Rate',
    kind: 'ratio-percent',
    usesRequests: true,
    tooltip: 'The share of requests that showed an ad: Impressions ÷ Impression Requests.',
  },
  revenue: { key: 'revenue', label: 'Revenue', kind: 'money', tooltip: 'What advertisers paid for your impressions (gross).' },
  netRevenue: { key: 'netRevenue', label: 'Net Revenue', kind: 'money', tooltip: 'Your share of the revenue: what you are paid.' },
  eCpm: {
    key: 'eCpm',
    label: 'eCPM',
    kind: 'money',
    usesRequests: true,
    tooltip: 'Revenue per 1,000 impression requests: Revenue ÷ Impression Requests × 1,000.',
  },
  netECpm: {
    key: 'netECpm',
    label: 'Net eCPM',
    kind: 'money',
    usesRequests: true,
    tooltip: 'Net revenue per 1,000 impression requests: Net Revenue ÷ Impression Requests × 1,000.',
  },
  cpm: { key: 'cpm', label: 'CPM', kind: 'money', tooltip: 'Revenue per 1,000 impressions: Revenue ÷ Impressions × 1,000.' },
  netCpm: {
    key: 'netCpm',
    label: 'Net CPM',
    kind: 'money',
    tooltip: 'Net revenue per 1,000 impressions: Net Revenue ÷ Impressions × 1,000.',
  },
  organicPageViews: {
    key: 'organicPageViews',
    label: 'Organic Page Views',
    kind: 'count',
    tooltip: 'A view of a page showing a Content Discovery widget with organic content.',
  },
  organicClicks: {
    key: 'organicClicks',
    label: 'Organic Clicks',
    kind: 'count',
    tooltip: 'A click on a recommendation.',
  },
  organicCtr: {
    key: 'organicCtr',
    label: 'Organic CTR',
    kind: 'ratio-percent',
    tooltip: 'Clicks divided by page views.',
  },
};

export const TIME_COLUMNS: Readonly<Record<TimeColumnKey, { key: TimeColumnKey; label: string; kind: ColumnKind }>> = {
  date: { key: 'date', label: 'Date', kind: 'date' },
  month: { key: 'month', label: 'Month', kind: 'month' },
};

/** Dimensions at which impression requests are recorded (the request grain). */
export const REQUEST_GRAIN_DIMENSIONS: readonly DimensionKey[] = ['sites', 'product_type'];

/**
 * Widgets whose page views are left out when recirculation is not split by widget, so a page
 * showing both a main widget and Explore More is not counted twice in the site's figure.
 */
export const WIDGETS_EXCLUDED_FROM_SITE_TOTALS: readonly string[] = ['Explore More', 'RSS'];

export const REPORT_DEFINITIONS: Readonly<Record<ReportType, { dimensions: readonly DimensionKey[]; metrics: readonly MetricKey[] }>> = {
  revenue: { dimensions: REVENUE_DIMENSIONS, metrics: REVENUE_METRICS },
  recirculation: { dimensions: RECIRCULATION_DIMENSIONS, metrics: RECIRCULATION_METRICS },
};
