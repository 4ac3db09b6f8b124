// Site tag; its events live in the report engine, not here: Kysely row types of these tables (the SQL lives in migrations/).

export interface SiteTagSaltsTable {
  day: string;
  salt: string;
}

// Collection limits (migration 0120).
export interface SiteTagRateBucketsTable {
  key: string;
  tokens: number;
  rate: number;
  burst: number;
  updated_at: Date;
}
export interface SiteTagRefusedEventsTable {
  site_id: string;
  day: string;
  events: number;
}

export interface SiteTagTables {
  site_tag_salts: SiteTagSaltsTable;
  site_tag_rate_buckets: SiteTagRateBucketsTable;
  site_tag_refused_events: SiteTagRefusedEventsTable;
}
