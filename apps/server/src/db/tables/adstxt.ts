// Ads.txt and sellers.json: Kysely row types of these tables (the SQL lives in migrations/).
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, Json } from './columns';
import type { SellersJsonFileIssue } from '@pc/contracts';

export interface AdsTxtTemplateTable {
  id: Generated<boolean>;
  content: string;
  updated_by: string | null;
  updated_at: Generated<Date>;
}

export interface AdsTxtDomainsTable {
  id: string;
  publisher_id: string;
  site_id: string | null;
  domain_name: string;
  hosted_enabled: Generated<boolean>;
  redirection_status: Generated<string>;
  redirection_reason: string | null;
  redirection_checked_at: Timestamp | null;
  created_at: Generated<Date>;
  kind: Generated<'web' | 'app'>;
  /** Migration 0140: only an active row is served, crawled and managed; others wait for proof or staff. */
  claim_status: Generated<'active' | 'pending' | 'rejected'>;
  claim_method: 'first_claim' | 'site_owner' | 'hosted_file' | 'dns_txt' | 'staff' | null;
  claim_token: string | null;
  claim_note: string | null;
  claim_checked_at: Timestamp | null;
  claim_requested_at: Generated<Date>;
}

export interface AdsTxtCrawlsTable {
  id: Generated<number>;
  domain_id: string;
  status: string;
  http_status: number | null;
  redirect_chain: Json<string[]>;
  final_url: string | null;
  content: string | null;
  content_hash: string | null;
  error_reason: string | null;
  used_previous: Generated<boolean>;
  stale: Generated<boolean>;
  fetched_at: Timestamp;
  previous_fetched_at: Timestamp | null;
  hops: ColumnType<unknown[], string | undefined, string>;
}

export interface AdsTxtRevisionsTable {
  id: Generated<number>;
  domain_id: string;
  content: string;
  created_by: string | null;
  lines_added: number;
  lines_removed: number;
  warnings: number;
  created_at: Generated<Date>;
}

export interface SellersJsonFilesTable {
  system_domain: string;
  status: string;
  reason: string | null;
  etag: string | null;
  last_modified: string | null;
  seller_count: number | null;
  issues: Json<SellersJsonFileIssue[]>;
  fetched_at: Timestamp;
  /** Failed reads in a row: the next attempt waits 5 minutes, doubling up to a day. */
  failed_attempts: Generated<number>;
}

export interface SellersJsonSellersTable {
  system_domain: string;
  seller_id: string;
  state: Generated<string>;
  seller_type: string | null;
  seller_domain: string | null;
  seller_name: string | null;
  is_confidential: Generated<boolean>;
  checked_at: Timestamp | null;
}

export interface AdsTxtHostedFilesTable {
  domain_id: string;
  inputs_key: string;
  etag: string;
  content: string;
  rendered_at: Generated<Date>;
}

export interface AdstxtTables {
  adstxt_template: AdsTxtTemplateTable;
  adstxt_domains: AdsTxtDomainsTable;
  adstxt_crawls: AdsTxtCrawlsTable;
  adstxt_revisions: AdsTxtRevisionsTable;
  sellers_json_files: SellersJsonFilesTable;
  sellers_json_sellers: SellersJsonSellersTable;
  adstxt_hosted_files: AdsTxtHostedFilesTable;
}
