import type { Db } from '../../db/pool';
import { notFound } from '../../lib/http-error';
import type { AuditRepo } from '../audit';
import type { IncidentsService } from '../incidents';
import type { WebhookEventPublisher } from '../integrations';
import type { AdsTxtCrawlerPort } from './adstxt-crawler-port';
import type { AdsTxtRepo, DomainRow } from './adstxt.repo';
import type { SellersJsonService } from './sellers-json/sellers-json.service';
import type { RevisionWorkers } from './revisions/revision-workers';

/** What the ads.txt services are built from (app.ts wires the real ones, tests script the crawler). */
export interface AdsTxtServiceDeps {
  /** Multi-step writes run in one transaction over it (src/db/transaction.ts). */
  db: Db;
  repo: AdsTxtRepo;
  audit: AuditRepo;
  crawler: AdsTxtCrawlerPort;
  publicUrl: string;
  sellersJson: SellersJsonService;
  /** Worker threads that parse and diff revisions off the event loop. */
  revisionWorkers: RevisionWorkers;
  /** Called when a crawl finds the file gone or missing more required lines than before. */
  onWorse?: (domain: DomainRow, what: string) => Promise<void>;
  /**
   * The same alert's words for the incident a worsening opens or reopens: that incident's queued
   * e-mail carries them, and onWorse is then not called, so a worsening sends one e-mail.
   */
  worseMessage?: (domain: DomainRow, what: string) => { subject: string; text: string };
  /** Opens an ads.txt incident when the file disappears or loses required lines, resolves it when fixed. */
  incidents?: Pick<IncidentsService, 'report' | 'resolveByKey'>;
  /** Tells the publisher's webhook subscribers when a domain's ads.txt status changes (`adstxt.changed`). */
  publishWebhookEvent?: WebhookEventPublisher;
}

/** Who asks, for which publisher (from the checked request context, never from the body). */
export interface AdsTxtCtx {
  uid: string;
  publisherId: string;
}

/** Where Partners Center serves a domain's hosted file. */
export function hostedUrlOf(publicUrl: string, domainName: string, kind: 'web' | 'app' = 'web'): string {
  const base = publicUrl.replace(/\/$/, '');
  return kind === 'app' ? `${base}/hosted/app-ads-txt/${domainName}/app-ads.txt` : `${base}/hosted/ads-txt/${domainName}/ads.txt`;
}

/** The publisher's domain, or 404: another publisher's domain id is "not found", never leaked. */
export async function domainOrThrow(repo: AdsTxtRepo, ctx: AdsTxtCtx, domainId: string): Promise<DomainRow> {
  const d = await repo.findDomain(ctx.publisherId, domainId);
  if (!d) throw notFound('This domain does not exist for the chosen publisher.');
  return d;
}
