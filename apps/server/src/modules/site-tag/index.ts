import path from 'node:path';
import { createGuardedFetch } from '../../lib/outbound/guarded-fetch';
import { defineArea, type Platform } from '../../platform/area';
import type { PublishersService } from '../publishers';
import { ClickHouseReportEngine } from '../../report-engine/clickhouse-engine';
import { DuckDbReportEngine } from '../../report-engine/duckdb-engine';
import { clickHouseSiteTagStore } from './site-tag.clickhouse-store';
import { createSiteTagCollector } from './site-tag.collector';
import { createCollectLimiter } from './site-tag.limits';
import { siteTagLimitsRepo } from './site-tag.limits.repo';
import { createSiteTagReadCache } from './site-tag.read-cache';
import { startOpenRollupRefresher } from './site-tag.open-rollup';
import { siteTagRepo } from './site-tag.repo';
import { startSiteTagRetention } from './site-tag.retention';
import { siteTagPublicRoutes, siteTagRoutes, siteTagStaffRoutes } from './site-tag.routes';
import { createSiteTagService } from './site-tag.service';
import { duckDbSiteTagStore, type SiteTagEventStore } from './site-tag.store';

export { seedDemoSiteTag } from './demo/seed-demo-site-tag';
export { scriptUrlOf, type SiteTagService } from './site-tag.service';
export { SITE_TAG_CLICKHOUSE_DDL } from './site-tag.clickhouse-store';
export { SITE_TAG_CLICKHOUSE_ROLLUP_DDL } from './site-tag.clickhouse-rollup';
export type { SiteTagCollector } from './site-tag.collector';

/** The site tag: its collector (/collect), its events store, installation checks and audience figures. */
export const siteTagArea = defineArea({
  name: 'site-tag',
  async setup(platform, needs: { publishers: PublishersService }) {
    const { config, db, logger, deps, demoMode, publicUrl, startWorkers, changes } = platform;
    const { store, ownEventsFile } = await openEventStore(platform);
    // Demo mode: the portal serves a demo page per site (/demo/sites/<id>) whose beacons come from its own origin.
    const demoOrigins = [...new Set([new URL(publicUrl).origin, `http://127.0.0.1:${config.PORT}`, `http://localhost:${config.PORT}`])];
    const repo = siteTagRepo(db);
    // Audience, performance and ad revenue of the last few seconds, shared by a publisher's users;
    // events this process stores drop their publisher's figures at once (site-tag.read-cache.ts).
    const readCache = createSiteTagReadCache();
    const collector = createSiteTagCollector({
      repo,
      store,
      log: logger,
      extraOrigins: deps.siteTagExtraOrigins ?? (demoMode ? demoOrigins : []),
      flushMs: startWorkers ? 1000 : 0,
      changes,
      onStored: (publisherIds) => publisherIds.forEach((id) => readCache.dropPublisher(id)),
      limiter: createCollectLimiter({
        repo: siteTagLimitsRepo(db),
        log: logger,
        limits: {
          perSite: { rate: config.SITE_TAG_SITE_EVENTS_PER_SECOND, burst: config.SITE_TAG_SITE_BURST },
          perAddress: { rate: config.SITE_TAG_ADDRESS_EVENTS_PER_SECOND, burst: config.SITE_TAG_ADDRESS_BURST },
        },
      }),
    });
    // Today's and yesterday's audience rollup, rebuilt every minute by the process that owns the
    // DuckDB file (ClickHouse aggregates the raw events: no rollups to keep).
    const openRollup = !startWorkers || store.dialect !== 'duckdb' ? null : startOpenRollupRefresher(store, logger);
    // Raw tag events kept per publisher for its plan's data.retention_days (site-tag.retention.ts).
    const retention = startWorkers ? startSiteTagRetention(store, db, logger) : null;
    const siteTag = createSiteTagService({
      repo,
      limits: siteTagLimitsRepo(db),
      store,
      readCache,
      fetch:
        deps.siteTagFetch ??
        createGuardedFetch({
          // No loopback allowance, demo mode included: the demo page is rendered in-process (site-tag.service.ts).
          allowHosts: config.OUTBOUND_ALLOW_HOSTS,
          userAgent: 'PartnersCenter-SiteTagVerify/1.0',
        }),
      publicUrl,
      demoPageUrl: demoMode ? (siteId) => `${publicUrl.replace(/\/$/, '')}/demo/sites/${encodeURIComponent(siteId)}` : undefined,
    });
    return {
      provides: {
        siteTag,
        /** Exposed (BuiltApp) so tests and the bench can flush buffered tag events at once. */
        siteTagCollector: collector,
        /** The events' own DuckDB file when the engine is neither DuckDB nor ClickHouse (a test's); backed up with the facts. */
        ownEventsFile,
      },
      routes: async (app) => {
        await app.register(siteTagRoutes, { service: siteTag });
        // A changed sample rate drops cached sites in every process (the collector listens to publisher changes).
        await app.register(siteTagStaffRoutes, { db, onChanged: (id) => needs.publishers.invalidate(id) });
        await app.register(siteTagPublicRoutes, {
          collector,
          repo,
          demoPages: demoMode ? { publicUrl } : undefined,
          trustProxy: config.TRUST_PROXY !== false,
        });
      },
      close: async () => {
        await collector.close();
        await openRollup?.stop();
        await retention?.stop();
        await store.close();
        await ownEventsFile?.close();
      },
    };
  },
});

/**
 * Site-tag events live in the report engine's database, behind their own store: the engine's
 * DuckDB file (one process), or its ClickHouse database, where every process collects and reads.
 * Another engine (a test's) leaves the events a DuckDB file of their own, DATA_DIR/site-tag.duckdb.
 */
async function openEventStore({
  engine,
  dataDir,
}: Platform): Promise<{ store: SiteTagEventStore; ownEventsFile: DuckDbReportEngine | null }> {
  const ownEventsFile =
    engine instanceof DuckDbReportEngine || engine instanceof ClickHouseReportEngine
      ? null
      : new DuckDbReportEngine(path.join(dataDir, 'site-tag.duckdb'));
  if (ownEventsFile) await ownEventsFile.init();
  const store: SiteTagEventStore =
    engine instanceof ClickHouseReportEngine
      ? clickHouseSiteTagStore(engine.connection)
      : duckDbSiteTagStore(engine instanceof DuckDbReportEngine ? engine : ownEventsFile!);
  await store.init();
  return { store, ownEventsFile };
}
