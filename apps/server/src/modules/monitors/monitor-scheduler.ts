import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import type { GuardedFetch } from '../../lib/outbound/guarded-fetch';
import type { IncidentsService } from '../incidents/incidents.service';
import { monitorAlertsRepo } from './monitor-alerts.repo';
import { expireMonitorResults } from './monitor-retention';
import { runCheck, type CheckOutcome } from './monitor-checker';
import type { MonitorEvent } from './monitor-event';
import { certKey, downKey, incidentSubject } from './monitor-incident-keys';
import type { MonitorNotifier } from './monitor-notify.job';
import { monitorScheduleRepo, type ClaimedMonitor, type CompletedCheck } from './monitor-schedule.repo';

export interface SchedulerOptions {
  db: Db;
  fetch: GuardedFetch;
  incidents: Pick<IncidentsService, 'report' | 'resolveByKey'>;
  /** E-mails to the monitor's notifyEmails and signed webhook events, queued in the change's transaction. */
  notify?: MonitorNotifier;
  log: Logger;
  /** Checks this process runs at once. */
  concurrency: number;
  /** Raw results' retention when the data.retention_days flag is not defined (each publisher's plan decides). */
  rawRetentionDays: number;
  rollupRetentionDays: number;
  /** How often due slots are claimed; slots due within `lookaheadMs` are claimed early and started on time. */
  tickMs?: number;
  lookaheadMs?: number;
  /** Lease = the monitor's time-out + this; a crashed process's slots come back after it. */
  leaseSlackSeconds?: number;
  owner?: string;
  /** Most results written in one transaction (results finishing together are batched up to this). */
  batchSize?: number;
  /** Called after each stored check (the bench measures drift with it). */
  onCheck?: (e: { monitorId: string; slot: Date; startedAt: number; ok: boolean }) => void;
}

/** The next slot after `slot` that lies in the future: the phase is kept, missed slots are not replayed. */
export function nextSlot(slot: Date, intervalSeconds: number, now = Date.now()): Date {
  const step = intervalSeconds * 1000;
  const behind = Math.max(0, now - slot.getTime());
  return new Date(slot.getTime() + (Math.floor(behind / step) + 1) * step);
}

/** The monitor's state after a result: down only after `retries` failures in a row. */
export function nextState(m: Pick<ClaimedMonitor, 'status' | 'consecutive_failures' | 'retries'>, ok: boolean) {
  if (ok) return { status: 'up', consecutiveFailures: 0 };
  const failures = m.consecutive_failures + 1;
  return { status: failures > m.retries ? 'down' : m.status, consecutiveFailures: failures };
}

/**
 * The uptime scheduler. Its whole schedule is `monitors.next_check_at` in PostgreSQL: every tick
 * claims due slots under a lease (SKIP LOCKED), waits until each slot's time, runs the check with
 * bounded concurrency and completes the slot only while still holding it. Finished checks are
 * written in batches (one transaction of three statements for however many results finished
 * meanwhile, plus the rare state changes), not one transaction each. Any number of processes
 * can run it; a restart resumes from the table. Monitors keep the phase they were created with,
 * so checks are spread over the interval instead of firing together at :00.
 */
export function createMonitorScheduler(o: SchedulerOptions) {
  const owner = o.owner ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const tickMs = o.tickMs ?? 500;
  const lookaheadMs = o.lookaheadMs ?? 1000;
  const batchSize = o.batchSize ?? 500;
  const repo = monitorScheduleRepo(o.db);
  const inFlight = new Set<Promise<void>>();
  // Slots claimed and not yet checked (waiting for their time or a free check). Only running
  // checks count against `concurrency`: a slot waiting for its second must not block one that is due.
  let pending = 0;
  let running = 0;
  const queue: (() => void)[] = [];
  const acquire = () => (running < o.concurrency ? (running++, Promise.resolve()) : new Promise<void>((go) => queue.push(go)));
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running--;
  };
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let lastExpiry = 0;

  async function transitions(trx: Db, m: ClaimedMonitor, r: CheckOutcome, status: string) {
    // With a notifier, monitor changes are mailed by it (one per address, digests); the incident's own mail would double them.
    const mail = !o.notify;
    const base = {
      publisherId: m.publisher_id,
      siteId: m.site_id,
      subject: m.site_id ? null : incidentSubject(m.url),
      category: 'Uptime',
      mail,
    };
    const changes: { change: MonitorEvent['change']; incidentId: string | null }[] = [];
    if (status === 'down' && m.status !== 'down') {
      const { id } = await o.incidents.report(
        {
          ...base,
          type: 'downtime',
          severity: 'high',
          key: downKey(m.id),
          title: `${m.name} is down: ${r.error ?? 'check failed'}`,
          detail: { url: m.url, httpStatus: r.httpStatus, error: r.error, at: r.at },
        },
        trx,
      );
      changes.push({ change: 'down', incidentId: id });
    }
    // "Up again" only after a down: a new monitor's first success or a pause is no recovery.
    if (status === 'up' && m.status === 'down') {
      await o.incidents.resolveByKey(m.publisher_id, downKey(m.id), 'The monitor is up again.', trx, { mail });
      changes.push({ change: 'up', incidentId: null });
    }
    if (r.certWarning && !m.cert_warning) {
      const { id } = await o.incidents.report(
        {
          ...base,
          type: 'certificate',
          severity: 'medium',
          category: 'TLS certificate',
          key: certKey(m.id),
          title: `The TLS certificate of ${m.name} expires on ${r.certExpiresAt?.slice(0, 10)}`,
          detail: { url: m.url, certExpiresAt: r.certExpiresAt },
        },
        trx,
      );
      changes.push({ change: 'certificate', incidentId: id });
    }
    if (!r.certWarning && m.cert_warning && r.certExpiresAt)
      await o.incidents.resolveByKey(m.publisher_id, certKey(m.id), 'The certificate was renewed.', trx);
    if (changes.length === 0 || !o.notify) return;
    // Read here, not in every claim: state changes are rare, checks are not.
    const row = await trx.selectFrom('monitors').select('notify_emails').where('id', '=', m.id).executeTakeFirst();
    for (const c of changes)
      await o.notify(
        trx,
        {
          ...c,
          monitorId: m.id,
          publisherId: m.publisher_id,
          siteId: m.site_id,
          name: m.name,
          url: m.url,
          at: r.at,
          reason: r.error,
          httpStatus: r.httpStatus,
          certExpiresAt: r.certExpiresAt,
        },
        row?.notify_emails ?? [],
      );
  }

  /** A finished check waiting for the next batched write. */
  interface Finished {
    m: ClaimedMonitor;
    r: CheckOutcome;
    check: CompletedCheck;
    startedAt: number;
    settle: (stored: boolean) => void;
  }
  const buffer: Finished[] = [];
  let flushing: Promise<void> | null = null;

  /** Stores a batch in one transaction: three statements for the results, then the (rare) state changes. */
  async function store(batch: Finished[]): Promise<Set<string>> {
    return inTransaction(o.db, async (trx) => {
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
        o.log.warn({ monitorId: batch[0]!.m.id, err: (err as Error).message }, 'uptime check could not be stored');
        batch[0]!.settle(false);
        return;
      }
      // One bad row (or a deadlock with an API write) must not lose the others: store them one by one.
      for (const f of batch) await flushBatch([f]);
      return;
    }
    for (const f of batch) {
      const ok = stored.has(f.m.id);
      if (ok) o.onCheck?.({ monitorId: f.m.id, slot: f.check.slot, startedAt: f.startedAt, ok: f.r.ok });
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

  async function runSlot(m: ClaimedMonitor): Promise<void> {
    const slot = m.next_check_at;
    const wait = slot.getTime() - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await acquire();
    const startedAt = Date.now();
    let r: CheckOutcome;
    try {
      r = await runCheck(o.fetch, { ...spec(m), acceptedStatusCodes: m.accepted_status_codes, keywordMode: m.keyword_mode });
    } finally {
      release();
      pending--;
    }
    const { status, consecutiveFailures } = nextState(m, r.ok);
    const check: CompletedCheck = {
      monitorId: m.id,
      owner,
      slot,
      next: nextSlot(slot, m.interval_seconds),
      at: new Date(r.at),
      ok: r.ok,
      httpStatus: r.httpStatus,
      ...r.timings,
      keywordFound: r.keywordFound,
      certExpiresAt: r.certExpiresAt ? new Date(r.certExpiresAt) : null,
      error: r.error,
      status,
      consecutiveFailures,
      certWarning: r.certExpiresAt ? r.certWarning : m.cert_warning,
    };
    await new Promise<boolean>((settle) => {
      buffer.push({ m, r, check, startedAt, settle });
      flush();
    });
  }

  async function tick(): Promise<number> {
    if (Date.now() - lastExpiry > 10 * 60_000) {
      lastExpiry = Date.now();
      const day = 86_400_000;
      // Raw results per publisher (its plan's data.retention_days; rawRetentionDays if the flag is gone).
      await expireMonitorResults(o.db, { fallbackDays: o.rawRetentionDays, rollupDays: o.rollupRetentionDays });
      // Alerts only count within the digest window; a day of them is kept for questions about a storm.
      await monitorAlertsRepo(o.db).expire(new Date(Date.now() - day));
    }
    // Claimed ahead: up to two rounds of checks; leases (time-out + slack) outlast that wait.
    const room = 2 * o.concurrency - pending;
    if (room <= 0) return 0;
    const claimed = await repo.claimDue(owner, room, lookaheadMs, o.leaseSlackSeconds ?? 30);
    pending += claimed.length;
    for (const m of claimed) {
      const p = runSlot(m)
        .catch((err: Error) => o.log.warn({ monitorId: m.id, err: err.message }, 'uptime check failed'))
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    return claimed.length;
  }

  const loop = async () => {
    if (stopped) return;
    await tick().catch((err: Error) => o.log.warn({ err: err.message }, 'uptime scheduling failed'));
    if (!stopped) timer = setTimeout(() => void loop(), tickMs);
  };

  return {
    owner,
    start() {
      stopped = false;
      timer = setTimeout(() => void loop(), 0);
    },
    /** Claims and runs what is due now, waiting for those checks (tests). */
    async drain(): Promise<number> {
      const n = await tick();
      await Promise.all([...inFlight]);
      return n;
    },
    /** Stops claiming; checks in flight finish and store their result. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await Promise.all([...inFlight]);
    },
    /** Simulates a crash: stops at once, leaving leases for another process to take over. */
    halt() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
export type MonitorScheduler = ReturnType<typeof createMonitorScheduler>;

function spec(m: ClaimedMonitor) {
  return {
    url: m.url,
    method: m.method,
    timeoutSeconds: m.timeout_seconds,
    keyword: m.keyword,
    followRedirects: m.follow_redirects,
    certExpiryDays: m.cert_expiry_days,
  };
}
