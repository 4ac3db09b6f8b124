import type { Logger } from 'pino';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import type { CheckOutcome } from './monitor-checker';
import { monitorScheduleRepo, type ClaimedMonitor, type CompletedCheck } from './monitor-schedule.repo';
import type { MonitorTransitions } from './monitor-transitions';

/** A finished check waiting for the next batched write. */
export interface Finished {
  m: ClaimedMonitor;
  r: CheckOutcome;
  check: CompletedCheck;
  startedAt: number;
  settle: (stored: boolean) => void;
}

/**
 * The scheduler's writer of finished checks: one per process, storing whatever finished meanwhile
 * in one transaction (up to `batchSize` results), one by one when a batch fails. `write` resolves
 * with whether the check was stored (false: its lease was lost or its row refused).
 */
export function createResultWriter({
  db,
  log,
  owner,
  batchSize,
  transitions,
  onCheck,
}: {
  db: Db;
  log: Logger;
  owner: string;
  batchSize: number;
  transitions: MonitorTransitions;
  /** Called after each stored check. */
  onCheck?: (e: { monitorId: string; slot: Date; startedAt: number; ok: boolean }) => void;
}) {
  const buffer: Finished[] = [];
  let flushing: Promise<void> | null = null;

  /** Stores a batch in one transaction: three statements for the results, then the (rare) state changes. */
  async function store(batch: Finished[]): Promise<Set<string>> {
    return inTransaction(db, async (trx) => {
      const stored = await monitorScheduleRepo(trx).completeMany(
        owner,
        batch.map((f) => f.check),
      );
      // Publisher order, so two processes' batches take incident and alert locks in the same order.
      const changed = batch
        .filter((f) => stored.has(f.m.id))
        .sort((a, b) => a.m.publisher_id.localeCompare(b.m.publisher_id) || a.m.id.localeCompare(b.m.id));
      for (const f of changed) await transitions(trx, f.m, f.r, f.check.status);
      return stored;
    });
  }

  async function flushBatch(batch: Finished[]): Promise<void> {
    let stored: Set<string>;
    try {
      stored = await store(batch);
    } catch (err) {
      if (batch.length === 1) {
        log.warn({ monitorId: batch[0]!.m.id, err: (err as Error).message }, 'uptime check could not be stored');
        batch[0]!.settle(false);
        return;
      }
      // One bad row (or a deadlock with an API write) must not lose the others: store them one by one.
      for (const f of batch) await flushBatch([f]);
      return;
    }
    for (const f of batch) {
      const ok = stored.has(f.m.id);
      if (ok) onCheck?.({ monitorId: f.m.id, slot: f.check.slot, startedAt: f.startedAt, ok: f.r.ok });
      f.settle(ok);
    }
  }

  /** One writer per process: results that finish while a batch is written go into the next one. */
  function flush() {
    if (flushing) return;
    flushing = (async () => {
      while (buffer.length > 0) await flushBatch(buffer.splice(0, batchSize));
    })().finally(() => {
      flushing = null;
      if (buffer.length > 0) flush();
    });
  }

  return (f: Omit<Finished, 'settle'>) =>
    new Promise<boolean>((settle) => {
      buffer.push({ ...f, settle });
      flush();
    });
}
