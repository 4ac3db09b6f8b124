import type { Logger } from 'pino';
import type { AppConfig } from './config/env';
import type { Db } from './db/pool';
import type { GuardedFetch } from './lib/outbound/guarded-fetch';
import type { Mailer } from './mail/mailer';
import type { ReportEngine } from './report-engine/report-engine';

/**
 * What the application is built from: main.ts passes the real ones, tests and benches their own.
 * An area whose doubles have its own types adds them here from its index.ts (declaration merging,
 * as the ads.txt crawler and DNS resolver): importing them would tie every area to this file in a
 * cycle through platform/area.ts.
 */
export interface AppDeps {
  config: AppConfig;
  db: Db;
  logger: Logger;
  webDistDir?: string;
  mailer?: Mailer;
  /** The report fact store; the reports bench passes its own (DATA_DIR/facts.duckdb otherwise). */
  reportEngine?: ReportEngine;
  /** The client sellers.json is fetched with; tests inject one that serves local files. */
  sellersJsonFetch?: GuardedFetch;
  /** Background workers poll on their own unless false (tests drain them by hand). */
  startWorkers?: boolean;
  /** The client "verify installation" fetches a site's page with; tests inject a local one. */
  siteTagFetch?: GuardedFetch;
  /** Origins the collector accepts for every site (the demo page on the portal's own origin). */
  siteTagExtraOrigins?: string[];
  /** For the session-revocation listener (LISTEN/NOTIFY); without it revocations reach other processes within 1 s. */
  databaseUrl?: string;
  /** The client uptime checks go through; tests and the bench inject one (e.g. trusting a local CA). */
  monitorsFetch?: GuardedFetch;
  /** The client outgoing webhooks are posted with; tests inject one that may reach a local receiver. */
  webhooksFetch?: GuardedFetch;
}
