/** Every rollup table of the site tag's events, cleared together when they are rebuilt. */
export const ROLLUP_TABLES = [
  'site_tag_daily',
  'site_tag_daily_built',
  'site_tag_lcp_daily',
  'site_tag_vitals_daily',
  'site_tag_open_daily',
  'site_tag_open_visitors',
  'site_tag_open_pages',
  'site_tag_open_horizon',
];

/** The closed days' rollup tables the audience and performance queries read (site-tag.rollup.ts fills them). */
export const SITE_TAG_DAILY_DDL = [
  `CREATE TABLE IF NOT EXISTS site_tag_daily (
    publisher_id VARCHAR NOT NULL, site_id VARCHAR NOT NULL, day DATE NOT NULL, dim VARCHAR NOT NULL,
    k1 VARCHAR NOT NULL, k2 VARCHAR NOT NULL, pv BIGINT NOT NULL, visitors BIGINT NOT NULL, visits BIGINT NOT NULL,
    eng_pages BIGINT NOT NULL, eng_ms DOUBLE NOT NULL, scroll DOUBLE NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS site_tag_daily_built (day DATE PRIMARY KEY)`,
  // Ad revenue's RPM by LCP bucket: each site-day's p75 LCP (of the pages' last LCP that day).
  `CREATE TABLE IF NOT EXISTS site_tag_lcp_daily (
    publisher_id VARCHAR NOT NULL, site_id VARCHAR NOT NULL, day DATE NOT NULL, p75 DOUBLE NOT NULL, pages BIGINT NOT NULL)`,
  // Performance: one row per page, metric and day with the day's last value (the query keeps each
  // page's last over the range, as from the raw events), so closed days skip page views and engagement.
  `CREATE TABLE IF NOT EXISTS site_tag_vitals_daily (
    publisher_id VARCHAR NOT NULL, site_id VARCHAR NOT NULL, day DATE NOT NULL, page_id VARCHAR NOT NULL, metric VARCHAR NOT NULL,
    first_ts BIGINT NOT NULL, ts BIGINT NOT NULL, value DOUBLE, path VARCHAR NOT NULL, template VARCHAR NOT NULL,
    device VARCHAR NOT NULL, attribution VARCHAR NOT NULL)`,
  // The open days' snapshot and its event-time bounds (site-tag.open-rollup.ts).
  `CREATE TABLE IF NOT EXISTS site_tag_open_daily (
    publisher_id VARCHAR NOT NULL, site_id VARCHAR NOT NULL, day DATE NOT NULL, dim VARCHAR NOT NULL,
    k1 VARCHAR NOT NULL, k2 VARCHAR NOT NULL, pv BIGINT NOT NULL, visitors BIGINT NOT NULL, visits BIGINT NOT NULL,
    eng_pages BIGINT NOT NULL, eng_ms DOUBLE NOT NULL, scroll DOUBLE NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS site_tag_open_horizon (s0 BIGINT NOT NULL, horizon BIGINT NOT NULL)`,
  // The distinct visitors of the snapshot's page views per site-day (with the largest weight),
  // and each page's figures: its page view's day and weight (NULL when its page view is not in the
  // snapshot) and its engagement maxima so far. Events after the horizon merge into these exactly.
  `CREATE TABLE IF NOT EXISTS site_tag_open_visitors (
    publisher_id VARCHAR NOT NULL, site_id VARCHAR NOT NULL, day DATE NOT NULL, visitor BIGINT NOT NULL, w BIGINT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS site_tag_open_pages (
    publisher_id VARCHAR NOT NULL, site_id VARCHAR NOT NULL, page_id VARCHAR NOT NULL, day DATE, w BIGINT,
    et BIGINT, sd BIGINT, has_en BOOLEAN NOT NULL)`,
  // Rollups built by an older definition are dropped at start-up and rebuilt on demand from the
  // raw events (2: engagement by a page's first day, the LCP table; 3: the vitals table; 4: engagement looks a day ahead; 5: engagement on its page view's day; 6: counts sum the events' sample weights).
  `CREATE TABLE IF NOT EXISTS site_tag_rollup_version (version INTEGER NOT NULL)`,
  ...ROLLUP_TABLES.map((t) => `DELETE FROM ${t} WHERE NOT EXISTS (SELECT 1 FROM site_tag_rollup_version WHERE version = 6)`),
  `DELETE FROM site_tag_rollup_version`,
  `INSERT INTO site_tag_rollup_version VALUES (6)`,
  // The open days' snapshot is rebuilt within seconds of start: one written by an older version
  // (another shape) must not be read meanwhile.
  ...['site_tag_open_daily', 'site_tag_open_visitors', 'site_tag_open_pages', 'site_tag_open_horizon'].map((t) => `DELETE FROM ${t}`),
];
