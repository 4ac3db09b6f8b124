-- ClickHouse cluster schema, sharded layout: generated from the single-node schema by
-- apps/server/src/platform/clickhouse-cluster-ddl.ts (npx tsx scripts/clickhouse-cluster-ddl.ts).
-- Run it once with the product database as the session database, before the first start:
--   clickhouse-client --database <db> --multiquery < this file.  See docs/operations.md, "ClickHouse cluster".

CREATE TABLE IF NOT EXISTS revenue_requests_local ON CLUSTER '{cluster}' (
      date Date,
      publisher_id String,
      site_id String,
      product_type LowCardinality(String),
      imp_requests Int64
    ) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/revenue_requests_local', '{replica}') ORDER BY (publisher_id, date, site_id, product_type)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS revenue_requests ON CLUSTER '{cluster}' AS revenue_requests_local
    ENGINE = Distributed('{cluster}', currentDatabase(), revenue_requests_local, cityHash64(publisher_id));

CREATE TABLE IF NOT EXISTS revenue_sales_local ON CLUSTER '{cluster}' (
      date Date,
      publisher_id String,
      site_id String,
      product_type LowCardinality(String),
      size LowCardinality(String),
      brand String,
      deal_name String,
      deal_id String,
      impressions Int64,
      revenue Float64,
      net_revenue Float64
    ) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/revenue_sales_local', '{replica}') ORDER BY (publisher_id, date, site_id, product_type, size, brand)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS revenue_sales ON CLUSTER '{cluster}' AS revenue_sales_local
    ENGINE = Distributed('{cluster}', currentDatabase(), revenue_sales_local, cityHash64(publisher_id));

CREATE TABLE IF NOT EXISTS recirculation_local ON CLUSTER '{cluster}' (
      date Date,
      publisher_id String,
      site_id String,
      widget LowCardinality(String),
      organic_page_views Int64,
      organic_clicks Int64
    ) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/recirculation_local', '{replica}') ORDER BY (publisher_id, date, site_id, widget)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS recirculation ON CLUSTER '{cluster}' AS recirculation_local
    ENGINE = Distributed('{cluster}', currentDatabase(), recirculation_local, cityHash64(publisher_id));

ALTER TABLE revenue_sales_local ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS advertiser_domain String DEFAULT '';

ALTER TABLE revenue_sales ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS advertiser_domain String DEFAULT '';

ALTER TABLE revenue_sales_local ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS iab_category String DEFAULT '';

ALTER TABLE revenue_sales ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS iab_category String DEFAULT '';

CREATE TABLE IF NOT EXISTS revenue_sales_by_site_type_local ON CLUSTER '{cluster}' (date Date, publisher_id String, site_id String, product_type String, impressions Int64, revenue Float64, net_revenue Float64)
    ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/revenue_sales_by_site_type_local', '{replica}') ORDER BY (publisher_id, date, site_id, product_type)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS revenue_sales_by_site_type ON CLUSTER '{cluster}' AS revenue_sales_by_site_type_local
    ENGINE = Distributed('{cluster}', currentDatabase(), revenue_sales_by_site_type_local, cityHash64(publisher_id));

CREATE TABLE IF NOT EXISTS revenue_sales_by_size_local ON CLUSTER '{cluster}' (date Date, publisher_id String, size String, impressions Int64, revenue Float64, net_revenue Float64)
    ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/revenue_sales_by_size_local', '{replica}') ORDER BY (publisher_id, date, size)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS revenue_sales_by_size ON CLUSTER '{cluster}' AS revenue_sales_by_size_local
    ENGINE = Distributed('{cluster}', currentDatabase(), revenue_sales_by_size_local, cityHash64(publisher_id));

CREATE TABLE IF NOT EXISTS revenue_sales_by_brand_local ON CLUSTER '{cluster}' (date Date, publisher_id String, brand String, impressions Int64, revenue Float64, net_revenue Float64)
    ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/revenue_sales_by_brand_local', '{replica}') ORDER BY (publisher_id, date, brand)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS revenue_sales_by_brand ON CLUSTER '{cluster}' AS revenue_sales_by_brand_local
    ENGINE = Distributed('{cluster}', currentDatabase(), revenue_sales_by_brand_local, cityHash64(publisher_id));

CREATE TABLE IF NOT EXISTS revenue_sales_by_site_size_local ON CLUSTER '{cluster}' (date Date, publisher_id String, site_id String, size String, impressions Int64, revenue Float64, net_revenue Float64)
    ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/revenue_sales_by_site_size_local', '{replica}') ORDER BY (publisher_id, date, site_id, size)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS revenue_sales_by_site_size ON CLUSTER '{cluster}' AS revenue_sales_by_site_size_local
    ENGINE = Distributed('{cluster}', currentDatabase(), revenue_sales_by_site_size_local, cityHash64(publisher_id));

CREATE TABLE IF NOT EXISTS revenue_sales_by_deal_local ON CLUSTER '{cluster}' (date Date, publisher_id String, site_id String, product_type String, deal_name String, deal_id String, impressions Int64, revenue Float64, net_revenue Float64)
    ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/revenue_sales_by_deal_local', '{replica}') ORDER BY (publisher_id, date, site_id, product_type, deal_name, deal_id)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS revenue_sales_by_deal ON CLUSTER '{cluster}' AS revenue_sales_by_deal_local
    ENGINE = Distributed('{cluster}', currentDatabase(), revenue_sales_by_deal_local, cityHash64(publisher_id));

CREATE TABLE IF NOT EXISTS revenue_sales_by_site_size_brand_local ON CLUSTER '{cluster}' (date Date, publisher_id String, site_id String, size String, brand String, impressions Int64, revenue Float64, net_revenue Float64)
    ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/revenue_sales_by_site_size_brand_local', '{replica}') ORDER BY (publisher_id, date, site_id, size, brand)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS revenue_sales_by_site_size_brand ON CLUSTER '{cluster}' AS revenue_sales_by_site_size_brand_local
    ENGINE = Distributed('{cluster}', currentDatabase(), revenue_sales_by_site_size_brand_local, cityHash64(publisher_id));

CREATE TABLE IF NOT EXISTS revenue_sales_by_size_brand_local ON CLUSTER '{cluster}' (date Date, publisher_id String, site_id String, product_type String, size String, brand String, impressions Int64, revenue Float64, net_revenue Float64)
    ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/revenue_sales_by_size_brand_local', '{replica}') ORDER BY (publisher_id, date, site_id, product_type, size, brand)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS revenue_sales_by_size_brand ON CLUSTER '{cluster}' AS revenue_sales_by_size_brand_local
    ENGINE = Distributed('{cluster}', currentDatabase(), revenue_sales_by_size_brand_local, cityHash64(publisher_id));

CREATE TABLE IF NOT EXISTS revenue_both_by_site_type_local ON CLUSTER '{cluster}' (date Date, publisher_id String, site_id String, product_type String, imp_requests Int64, impressions Int64, revenue Float64, net_revenue Float64)
    ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/revenue_both_by_site_type_local', '{replica}') ORDER BY (publisher_id, date, site_id, product_type)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS revenue_both_by_site_type ON CLUSTER '{cluster}' AS revenue_both_by_site_type_local
    ENGINE = Distributed('{cluster}', currentDatabase(), revenue_both_by_site_type_local, cityHash64(publisher_id));

CREATE TABLE IF NOT EXISTS revenue_requests_m_local ON CLUSTER '{cluster}' (date Date, publisher_id String, site_id String, product_type String, imp_requests Int64, day_rows Int64)
    ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/revenue_requests_m_local', '{replica}') ORDER BY (publisher_id, date, site_id, product_type)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS revenue_requests_m ON CLUSTER '{cluster}' AS revenue_requests_m_local
    ENGINE = Distributed('{cluster}', currentDatabase(), revenue_requests_m_local, cityHash64(publisher_id));

CREATE TABLE IF NOT EXISTS revenue_sales_by_site_type_m_local ON CLUSTER '{cluster}' (date Date, publisher_id String, site_id String, product_type String, impressions Int64, revenue Float64, net_revenue Float64, day_rows Int64)
    ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/revenue_sales_by_site_type_m_local', '{replica}') ORDER BY (publisher_id, date, site_id, product_type)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS revenue_sales_by_site_type_m ON CLUSTER '{cluster}' AS revenue_sales_by_site_type_m_local
    ENGINE = Distributed('{cluster}', currentDatabase(), revenue_sales_by_site_type_m_local, cityHash64(publisher_id));

CREATE TABLE IF NOT EXISTS revenue_sales_by_size_m_local ON CLUSTER '{cluster}' (date Date, publisher_id String, size String, impressions Int64, revenue Float64, net_revenue Float64, day_rows Int64)
    ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/revenue_sales_by_size_m_local', '{replica}') ORDER BY (publisher_id, date, size)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS revenue_sales_by_size_m ON CLUSTER '{cluster}' AS revenue_sales_by_size_m_local
    ENGINE = Distributed('{cluster}', currentDatabase(), revenue_sales_by_size_m_local, cityHash64(publisher_id));

CREATE TABLE IF NOT EXISTS revenue_sales_by_brand_m_local ON CLUSTER '{cluster}' (date Date, publisher_id String, brand String, impressions Int64, revenue Float64, net_revenue Float64, day_rows Int64)
    ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/revenue_sales_by_brand_m_local', '{replica}') ORDER BY (publisher_id, date, brand)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS revenue_sales_by_brand_m ON CLUSTER '{cluster}' AS revenue_sales_by_brand_m_local
    ENGINE = Distributed('{cluster}', currentDatabase(), revenue_sales_by_brand_m_local, cityHash64(publisher_id));

CREATE TABLE IF NOT EXISTS revenue_sales_by_site_size_m_local ON CLUSTER '{cluster}' (date Date, publisher_id String, site_id String, size String, impressions Int64, revenue Float64, net_revenue Float64, day_rows Int64)
    ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/revenue_sales_by_site_size_m_local', '{replica}') ORDER BY (publisher_id, date, site_id, size)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS revenue_sales_by_site_size_m ON CLUSTER '{cluster}' AS revenue_sales_by_site_size_m_local
    ENGINE = Distributed('{cluster}', currentDatabase(), revenue_sales_by_site_size_m_local, cityHash64(publisher_id));

CREATE TABLE IF NOT EXISTS revenue_sales_by_deal_m_local ON CLUSTER '{cluster}' (date Date, publisher_id String, site_id String, product_type String, deal_name String, deal_id String, impressions Int64, revenue Float64, net_revenue Float64, day_rows Int64)
    ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/revenue_sales_by_deal_m_local', '{replica}') ORDER BY (publisher_id, date, site_id, product_type, deal_name, deal_id)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS revenue_sales_by_deal_m ON CLUSTER '{cluster}' AS revenue_sales_by_deal_m_local
    ENGINE = Distributed('{cluster}', currentDatabase(), revenue_sales_by_deal_m_local, cityHash64(publisher_id));

CREATE TABLE IF NOT EXISTS revenue_sales_by_site_size_brand_m_local ON CLUSTER '{cluster}' (date Date, publisher_id String, site_id String, size String, brand String, impressions Int64, revenue Float64, net_revenue Float64, day_rows Int64)
    ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/revenue_sales_by_site_size_brand_m_local', '{replica}') ORDER BY (publisher_id, date, site_id, size, brand)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS revenue_sales_by_site_size_brand_m ON CLUSTER '{cluster}' AS revenue_sales_by_site_size_brand_m_local
    ENGINE = Distributed('{cluster}', currentDatabase(), revenue_sales_by_site_size_brand_m_local, cityHash64(publisher_id));

CREATE TABLE IF NOT EXISTS revenue_sales_by_size_brand_m_local ON CLUSTER '{cluster}' (date Date, publisher_id String, site_id String, product_type String, size String, brand String, impressions Int64, revenue Float64, net_revenue Float64, day_rows Int64)
    ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/revenue_sales_by_size_brand_m_local', '{replica}') ORDER BY (publisher_id, date, site_id, product_type, size, brand)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS revenue_sales_by_size_brand_m ON CLUSTER '{cluster}' AS revenue_sales_by_size_brand_m_local
    ENGINE = Distributed('{cluster}', currentDatabase(), revenue_sales_by_size_brand_m_local, cityHash64(publisher_id));

CREATE TABLE IF NOT EXISTS revenue_both_by_site_type_m_local ON CLUSTER '{cluster}' (date Date, publisher_id String, site_id String, product_type String, imp_requests Int64, impressions Int64, revenue Float64, net_revenue Float64, day_rows Int64)
    ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/revenue_both_by_site_type_m_local', '{replica}') ORDER BY (publisher_id, date, site_id, product_type)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS revenue_both_by_site_type_m ON CLUSTER '{cluster}' AS revenue_both_by_site_type_m_local
    ENGINE = Distributed('{cluster}', currentDatabase(), revenue_both_by_site_type_m_local, cityHash64(publisher_id));

CREATE TABLE IF NOT EXISTS sites ON CLUSTER '{cluster}' (
      id String,
      publisher_id String,
      name String,
      version UInt64
    ) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/all/{database}/sites', '{replica}', version) ORDER BY id
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS finalized_through ON CLUSTER '{cluster}' (
      publisher_id String,
      report_type LowCardinality(String),
      date Date,
      version UInt64
    ) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/all/{database}/finalized_through', '{replica}', version) ORDER BY (publisher_id, report_type)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS engine_meta ON CLUSTER '{cluster}' (
      key String,
      value UInt32,
      version UInt64
    ) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/all/{database}/engine_meta', '{replica}', version) ORDER BY key
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS site_tag_events ON CLUSTER '{cluster}' (
    ts Int64,
    publisher_id String,
    site_id String,
    kind LowCardinality(String),
    page_id String,
    visitor Int64,
    path String,
    template LowCardinality(String),
    entry Bool,
    referrer String,
    source LowCardinality(String),
    medium LowCardinality(String),
    campaign String,
    device LowCardinality(String),
    browser LowCardinality(String),
    country LowCardinality(String),
    engaged_ms Nullable(Int32),
    scroll_pct Nullable(Int32),
    metric LowCardinality(String),
    value Nullable(Float64),
    attribution String,
    weight Int32 DEFAULT 1
  ) ENGINE = ReplicatedMergeTree('/clickhouse/tables/all/{database}/site_tag_events', '{replica}') ORDER BY (publisher_id, site_id, ts)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS site_tag_daily_sums ON CLUSTER '{cluster}' (
    publisher_id String, site_id String, day Date, dim LowCardinality(String), k1 String, k2 String, pv Int64, visits Int64
  ) ENGINE = ReplicatedSummingMergeTree('/clickhouse/tables/all/{database}/site_tag_daily_sums', '{replica}') ORDER BY (publisher_id, site_id, day, dim, k1, k2)
    SETTINGS replicated_deduplication_window = 0;

CREATE MATERIALIZED VIEW IF NOT EXISTS site_tag_daily_sums_mv ON CLUSTER '{cluster}' TO site_tag_daily_sums AS SELECT publisher_id, site_id, toDate(fromUnixTimestamp64Milli(ts, 'UTC')) AS day, d.1 AS dim, d.2 AS k1, d.3 AS k2,
       toInt64(sum(weight)) AS pv, toInt64(sumIf(weight, entry)) AS visits
FROM site_tag_events
ARRAY JOIN [('total', '', ''), ('path', CAST(path AS String), ''), ('campaign', CAST(campaign AS String), ''), ('device', CAST(device AS String), ''), ('browser', CAST(browser AS String), ''), ('country', CAST(country AS String), ''),
            ('source', CAST(source AS String), CAST(medium AS String))] AS d
WHERE kind = 'pv'
GROUP BY publisher_id, site_id, day, dim, k1, k2;

CREATE TABLE IF NOT EXISTS site_tag_daily_visitors ON CLUSTER '{cluster}' (
    publisher_id String, site_id String, day Date, visitor Int64, w SimpleAggregateFunction(max, Int32)
  ) ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/all/{database}/site_tag_daily_visitors', '{replica}') ORDER BY (publisher_id, site_id, day, visitor)
    SETTINGS replicated_deduplication_window = 0;

CREATE MATERIALIZED VIEW IF NOT EXISTS site_tag_daily_visitors_mv ON CLUSTER '{cluster}' TO site_tag_daily_visitors AS SELECT publisher_id, site_id, toDate(fromUnixTimestamp64Milli(ts, 'UTC')) AS day, visitor, max(weight) AS w
FROM site_tag_events WHERE kind = 'pv' GROUP BY publisher_id, site_id, day, visitor;

CREATE TABLE IF NOT EXISTS site_tag_vitals_daily ON CLUSTER '{cluster}' (
    publisher_id String, site_id String, day Date, page_id String, metric LowCardinality(String),
    first_ts SimpleAggregateFunction(min, Int64), value AggregateFunction(argMax, Nullable(Float64), Int64),
    attribution AggregateFunction(argMax, String, Int64), path SimpleAggregateFunction(any, String),
    template SimpleAggregateFunction(any, String), device SimpleAggregateFunction(any, String)
  ) ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/all/{database}/site_tag_vitals_daily', '{replica}') ORDER BY (publisher_id, site_id, day, page_id, metric)
    SETTINGS replicated_deduplication_window = 0;

CREATE MATERIALIZED VIEW IF NOT EXISTS site_tag_vitals_daily_mv ON CLUSTER '{cluster}' TO site_tag_vitals_daily AS SELECT publisher_id, site_id, toDate(fromUnixTimestamp64Milli(ts, 'UTC')) AS day, page_id, metric, min(ts) AS first_ts,
       argMaxState(value, ts) AS value, argMaxState(attribution, ts) AS attribution,
       any(path) AS path, any(CAST(template AS String)) AS template, any(CAST(device AS String)) AS device
FROM site_tag_events WHERE kind = 'wv' GROUP BY publisher_id, site_id, day, page_id, metric;

CREATE TABLE IF NOT EXISTS site_tag_closed_daily ON CLUSTER '{cluster}' (
    publisher_id String, site_id String, day Date, dim LowCardinality(String), visitors Int64, eng_pages Int64, eng_ms Float64, scroll Float64
  ) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/all/{database}/site_tag_closed_daily', '{replica}') ORDER BY (publisher_id, site_id, day, dim)
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS site_tag_closed_built ON CLUSTER '{cluster}' (day Date) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/all/{database}/site_tag_closed_built', '{replica}') ORDER BY day
    SETTINGS replicated_deduplication_window = 0;

CREATE TABLE IF NOT EXISTS site_tag_rollup_version ON CLUSTER '{cluster}' (version UInt32) ENGINE = ReplicatedMergeTree('/clickhouse/tables/all/{database}/site_tag_rollup_version', '{replica}') ORDER BY tuple()
    SETTINGS replicated_deduplication_window = 0;
