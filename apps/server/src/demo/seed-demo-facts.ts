import type { Logger } from 'pino';
import type { ReportEngine } from '../report-engine/report-engine';
import { DEMO_PUBLISHERS } from './demo-data';
import type { Db } from '../db/pool';
import { IngestLockedError, seedDemoLoads, withIngestLock } from '../modules/data-loads';
import { generateDemoFacts, notifyReportsChanged, queueRevenueScans, type DemoOptions } from '../modules/reports';

/** How long a server waits for another one's demo ingestion (or any ingestion) to finish. */
const LOCK_WAIT_MS = 10 * 60_000;

/**
 * Demo report facts: 13 months ending yesterday. Regenerated when yesterday is missing, so a demo
 * started days later still shows current figures (the generator is deterministic and replaces by day).
 * With a database, under the ingest lock like every other ingestion: servers started together on
 * one ClickHouse generate the facts once (the second finds them), and no server's repair of an
 * interrupted publish (modules/data-loads/interrupted-publish.ts) takes this one for a dead one.
 */
export async function seedDemoFacts(engine: ReportEngine, log: Logger, today = new Date(), db?: Db): Promise<void> {
  if (!db) {
    await seedUnlocked(engine, log, today);
    return;
  }
  for (const until = Date.now() + LOCK_WAIT_MS; ;) {
    try {
      await withIngestLock(db, () => seedUnlocked(engine, log, today, db));
      return;
    } catch (err) {
      if (!(err instanceof IngestLockedError) || Date.now() > until) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

async function seedUnlocked(engine: ReportEngine, log: Logger, today: Date, db?: Db): Promise<void> {
  const yesterday = new Date(today.getTime() - 86_400_000).toISOString().slice(0, 10);
  const probe = await engine.query({
    reportType: 'revenue',
    publisherId: DEMO_PUBLISHERS[0].id,
    dateFrom: yesterday,
    dateTo: yesterday,
    dimensions: [],
    metrics: ['impressions'],
    interval: 'Cumulative',
    limit: 0,
  });
  if ((probe.totals.impressions ?? 0) > 0) return;
  const started = Date.now();
  const summary = await generateDemoFacts(engine, demoFactsOptions(yesterday));
  log.info({ ...summary, ms: Date.now() - started }, 'demo report facts generated');
  // The generator's loads appear in the console's Data loads like any other ingestion.
  if (db) {
    await notifyReportsChanged(
      db,
      DEMO_PUBLISHERS.map((p) => p.id),
    );
    await queueRevenueScans(
      db,
      DEMO_PUBLISHERS.map((p) => p.id),
    );
    const days = (Date.parse(summary.dateTo) - Date.parse(summary.dateFrom)) / 86_400_000 + 1;
    await seedDemoLoads(db, {
      startedAt: new Date(started),
      daysReplaced: days * DEMO_PUBLISHERS.length,
      rows: { revenue: summary.revenueRows, recirculation: summary.recirculationRows },
    });
  }
}

/** The demo's generator options; the e2e journeys recompute the demo's exact figures from them. */
export function demoFactsOptions(endDate: string): DemoOptions {
  return {
    publishers: DEMO_PUBLISHERS.map((p) => ({
      id: p.id,
      sites: p.sites.map((s) => ({ id: s.id, name: s.name, organic: s.taboola_organic, active: s.active })),
    })),
    endDate,
    seed: 20261122,
    // Evergreen Travel's video sold at a third of its eCPM on the last day: the daily revenue scan
    // opens its incident on start (Northwind's incidents are the incidents journey's fixed story).
    revenueDrop: { siteId: '5202', productType: 'Video', date: endDate, cpmFactor: 0.35 },
  };
}
