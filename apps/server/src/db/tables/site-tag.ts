// Site tag (issue 16); its events live in the report engine, not here: Kysely row types of these tables (the SQL lives in migrations/).

export interface SiteTagSaltsTable {
  day: string;
  salt: string;
}

export interface SiteTagTables {
  site_tag_salts: SiteTagSaltsTable;
}
