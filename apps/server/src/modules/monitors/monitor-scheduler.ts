import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../../db/pool';
import type { GuardedFetch } from '../../lib/outbound/guarded-fetch';
import type { IncidentsService } from '../incidents';
import { expireMonitorHistory } from './monitor-retention';
import { runCheck, type CheckOutcome } from './monitor-checker';
import type { MonitorNotifier } from './monitor-notify.job';
import { createResultWriter } from './monitor-result-writer';
import { monitorTransitions } from './monitor-transitions';
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

/**
 * The slot after a monitor's first check (it was pending: new or resumed): a random point of the
 * next interval instead of exactly one interval on. The first check runs within seconds of a
 * save, because its owner is watching; the checks after it then keep a phase of their own, so
 * monitors created or resumed in the same minute are spread over their interval.
 */
export function slotAfterFirstCheck(slot: Date, intervalSeconds: number, random = Math.random()): Date {
  const step = intervalSeconds * 1000;
  return new Date(slot.getTime() + Math.max(1000, Math.round((1 - random) * step)));
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
  const write = createResultWriter({
    db: o.db,
    log: o.log,
    owner,
    batchSize,
    transitions: monitorTransitions(o),
    onCheck: o.onCheck,
  });

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
      next: m.status === 'pending' ? slotAfterFirstCheck(slot, m.interval_seconds) : nextSlot(slot, m.interval_seconds),
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
    await write({ m, r, check, startedAt });
  }

  async function tick(): Promise<number> {
    if (Date.now() - lastExpiry > 10 * 60_000) {
      lastExpiry = Date.now();
      await expireMonitorHistory(o.db, { fallbackDays: o.rawRetentionDays, rollupDays: o.rollupRetentionDays });
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
