import type { Logger } from 'pino';
import type { Db } from '../../db/pool';
import { every, type PeriodicTask } from '../../lib/jobs/every';
import type { ReportEngine } from '../../report-engine/report-engine';
import { notifyReportsChanged } from '../reports';
import { IngestLockedError, withIngestLock } from './ingest-lock';

/**
 * Finishes an ingestion whose process died while publishing (ClickHouse: the file is staged, then
 * published in several statements, so a reader can see a day deleted and not yet re-inserted until
 * someone publishes it again). The ingest lock tells a dead publisher from a live one: its session
 * died with it, so a free lock with a publish marked begun means nobody is publishing. A held lock
 * means an ingestion is running, and it finishes any such publish before its own: nothing to do.
 * Answers null then; otherwise the publishers whose figures changed, whose cached reports every
 * process has been told to drop.
 */
export async function finishInterruptedPublishes(db: Db, engine: ReportEngine): Promise<{ publisherIds: string[] } | null> {
  if (!engine.finishInterruptedIngests) return { publisherIds: [] };
  let finished: { publisherIds: string[] };
  try {
    finished = await engine.finishInterruptedIngests((finish) => withIngestLock(db, finish));
  } catch (err) {
    if (err instanceof IngestLockedError) return null;
    throw err;
  }
  if (finished.publisherIds.length > 0) await notifyReportsChanged(db, finished.publisherIds);
  return finished;
}

export interface RepairTiming {
  firstAfterMs: number;
  everyMs: number;
}

/**
 * Shortly after start, then every minute, in every process: a publish left half done by a process
 * that died is finished within about a minute while any server runs, not at the next ingestion.
 * The engine looks without the lock and takes it only when a publish is left to finish, so the
 * routine check never refuses an upload (only the repair itself does, like every ingestion).
 */
export function scheduleInterruptedPublishRepair(
  db: Db,
  engine: ReportEngine,
  log: Logger,
  timing: RepairTiming = { firstAfterMs: 1_000, everyMs: 60_000 },
): PeriodicTask {
  return every({ ...timing, log, failure: 'finishing an interrupted report ingestion failed' }, async () => {
    const finished = await finishInterruptedPublishes(db, engine);
    if (finished?.publisherIds.length) log.warn({ publisherIds: finished.publisherIds }, 'interrupted report ingestion finished');
  });
}
