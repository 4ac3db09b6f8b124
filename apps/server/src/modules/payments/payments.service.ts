import {
  formatMoney,
  formatMonth,
  type AdjustmentRequest,
  type Payment,
  type PaymentAdjustment,
  type PaymentsOverview,
  type PaymentStatus,
  type RemittanceResult,
} from '@pc/contracts';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import { HttpError, notFound } from '../../lib/http-error';
import { auditRepo } from '../audit';
import type { WebhookEventPublisher } from '../integrations';
import type { PaymentSettingsService } from '../payment-settings';
import { readCsvRecords } from '../../lib/csv/csv-records';
import type { ReportEngine } from '../../report-engine/report-engine';
import { publisherRecords } from '../publishers';
import { applyAdjustment, editAdjustment, toAdjustment } from './adjustments';
import { round2 } from './money';
import { closeMonth } from './month-close';
import { paymentApprovalsRepo } from './payment-approvals.repo';
import { paymentsRepo, type PaymentRow } from './payments.repo';
import { decideApproval } from './payout-approval';

const conflict = (message: string) => new HttpError(409, message, 'Conflict');
const today = () => new Date().toISOString().slice(0, 10);

export function toPayment(r: PaymentRow): Payment {
  return {
    id: r.id,
    publisherId: r.publisher_id,
    publisherName: r.publisher_name,
    period: r.period,
    currency: r.currency,
    revenue: Number(r.revenue),
    rolloverIn: Number(r.rollover_in),
    adjustments: Number(r.adjustments),
    adjustmentLines: Number(r.adjustment_lines ?? 0),
    amount: Number(r.amount),
    rolloverOut: Number(r.rollover_out),
    threshold: Number(r.threshold),
    status: r.status as PaymentStatus,
    holdReason: r.hold_reason,
    approvedAt: r.approved_at ? new Date(r.approved_at).toISOString() : null,
    paidAt: r.paid_at,
    method: r.method,
    reference: r.reference,
    approvals: Number(r.approvals ?? 0),
  };
}

export function createPaymentsService(deps: {
  db: Db;
  engine: ReportEngine;
  settings: PaymentSettingsService;
  defaultThreshold: number;
  publishWebhookEvent?: WebhookEventPublisher;
}) {
  const { db } = deps;
  const repo = paymentsRepo(db);

  /** Loads a payment under a row lock inside `trx`, applies `change`, audits it: one transaction. */
  async function transition(
    uid: string,
    id: string,
    action: string,
    change: (row: PaymentRow, trx: Db) => Promise<Record<string, unknown> | null>,
  ) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('This payment does not exist.');
    await inTransaction(db, async (trx) => {
      const row = await paymentsRepo(trx).getForUpdate(id);
      if (!row) throw notFound('This payment does not exist.');
      const details = await change(row, trx);
      if (details)
        await auditRepo(trx).record({
          actorUserId: uid,
          publisherId: row.publisher_id,
          action,
          details: { paymentId: id, period: row.period, ...details },
        });
    });
    return toPayment((await repo.get(id))!);
  }

  /** A payment of the checked publisher; another publisher's id is 404 (its existence is not revealed). */
  async function getOwned(publisherId: string, id: string): Promise<PaymentRow> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('This payment does not exist.');
    const row = await repo.get(id);
    if (!row || row.publisher_id !== publisherId) throw notFound('This payment does not exist.');
    return row;
  }

  async function markPaidIn(
    trx: Db,
    uid: string,
    row: PaymentRow,
    paid: { paidAt: string; method: string; reference: string },
  ): Promise<'paid' | 'unchanged'> {
    if (row.status === 'paid') {
      if (row.reference === paid.reference) return 'unchanged';
      throw conflict(
        `The ${formatMonth(row.period)} payment of ${row.publisher_name} is already paid (reference ${row.reference ?? '-'}).`,
      );
    }
    if (row.status !== 'approved')
      throw conflict(`Only an approved payment can be marked paid; this one is ${row.status.replace('_', ' ')}.`);
    await paymentsRepo(trx).update(row.id, { status: 'paid', paid_at: paid.paidAt, method: paid.method, reference: paid.reference });
    await auditRepo(trx).record({
      actorUserId: uid,
      publisherId: row.publisher_id,
      action: 'payment.paid',
      details: { paymentId: row.id, period: row.period, ...paid },
    });
    await deps.publishWebhookEvent?.(trx, row.publisher_id, {
      type: 'payment.paid',
      summary: `Payment for ${formatMonth(row.period)} paid: ${formatMoney(row.amount, row.currency)} (reference ${paid.reference}).`,
      data: { paymentId: row.id, period: row.period, amount: Number(row.amount), currency: row.currency, ...paid },
    });
    return 'paid';
  }

  return {
    closeMonth: (uid: string, period: string) =>
      closeMonth({ db, engine: deps.engine, defaultThreshold: deps.defaultThreshold }, uid, period, today()),

    async overview(publisherId: string): Promise<PaymentsOverview> {
      const rows = (await repo.listForPublisher(publisherId)).map(toPayment);
      const settings = await deps.settings.get(publisherId);
      // A publisher without payments yet is shown in its own currency (the publishers area's lookup).
      const currency = rows[0]?.currency ?? (await publisherRecords(db).currencyOf(publisherId));
      const open = rows.filter((p) => p.status === 'pending' || p.status === 'approved' || p.status === 'on_hold');
      const carried = rows[0]?.rolloverOut ?? 0;
      const next = [...open].sort((a, b) => a.period.localeCompare(b.period))[0];
      const last = rows.find((p) => p.status === 'paid');
      return {
        currency,
        threshold: settings.threshold,
        balance: round2(open.reduce((a, p) => a + p.amount, 0) + carried),
        nextPayment: next ? { period: next.period, amount: next.amount, status: next.status } : null,
        lastPayment: last ? { period: last.period, amount: last.amount, paidAt: last.paidAt } : null,
        payments: rows,
      };
    },

    async forPeriod(period: string) {
      return {
        payments: (await repo.listForPeriod(period)).map(toPayment),
        closes: (await repo.closes()).map((c) => ({ period: c.period, closedAt: c.closed_at.toISOString() })),
      };
    },

    get: getOwned,

    approve: (uid: string, id: string) =>
      transition(uid, id, 'payment.approve', async (row, trx) => {
        if (row.status === 'approved') return null;
        if (row.status !== 'pending')
          throw conflict(`Only a pending payment can be approved; this one is ${row.status.replace('_', ' ')}.`);
        // The payee as it is now: a later change of bank details does not redirect this payment.
        const snapshot = await deps.settings.snapshot(trx, row.publisher_id);
        if (!snapshot) throw conflict(`${row.publisher_name} has no payment settings yet; a payment cannot be approved without a payee.`);
        const bank = (await deps.settings.bankProvenance(trx, row.publisher_id)) ?? { setBy: null, replacedAt: null };
        const decision = await decideApproval(trx, uid, row.id, bank);
        if (!decision.release) {
          await auditRepo(trx).record({
            actorUserId: uid,
            publisherId: row.publisher_id,
            action: 'payment.approval_recorded',
            details: { paymentId: id, period: row.period, approvals: decision.approvals, bankReplacedAt: bank.replacedAt?.toISOString() },
          });
          return null;
        }
        await paymentsRepo(trx).update(row.id, {
          status: 'approved',
          payee_snapshot: JSON.stringify(snapshot),
          approved_at: new Date(),
          approved_by: uid,
        });
        return { account: snapshot.account, method: snapshot.method };
      }),

    hold: (uid: string, id: string, reason: string) =>
      transition(uid, id, 'payment.hold', async (row, trx) => {
        if (row.status !== 'pending' && row.status !== 'approved' && row.status !== 'on_hold')
          throw conflict(`A ${row.status.replace('_', ' ')} payment cannot be held.`);
        await paymentApprovalsRepo(trx).clear(row.id);
        await paymentsRepo(trx).update(row.id, {
          status: 'on_hold',
          hold_reason: reason,
          payee_snapshot: null,
          approved_at: null,
          approved_by: null,
        });
        return { reason, from: row.status };
      }),

    release: (uid: string, id: string) =>
      transition(uid, id, 'payment.release', async (row, trx) => {
        if (row.status !== 'on_hold') throw conflict('Only a payment on hold can be released.');
        await paymentsRepo(trx).update(row.id, { status: 'pending', hold_reason: null });
        return { reason: row.hold_reason };
      }),

    adjust: (uid: string, id: string, input: AdjustmentRequest) =>
      transition(uid, id, 'payment.adjust', async (row, trx) => applyAdjustment(trx, uid, row, input)),

    /** Staff correct one adjustment line: the line, the recomputed payment and the audit row in one transaction. */
    editAdjustment: (uid: string, id: string, adjustmentId: string, input: AdjustmentRequest) =>
      transition(uid, id, 'payment.adjustment_edit', async (row, trx) => editAdjustment(trx, uid, row, adjustmentId, input)),

    /**
     * The adjustment lines of a payment of `publisherId` (the checked request context), oldest
     * first; another publisher's payment is 404 like its statement. `internal` callers (staff) also
     * learn who added or edited a line.
     */
    async adjustments(publisherId: string, id: string, internal: boolean): Promise<PaymentAdjustment[]> {
      const row = await getOwned(publisherId, id);
      return (await repo.adjustments(row.id)).map((a) => toAdjustment(a, internal));
    },

    markPaid: (uid: string, id: string, paid: { paidAt: string; method: string; reference: string }) =>
      transition(uid, id, 'payment.paid_manual', async (row, trx) => {
        await markPaidIn(trx, uid, row, paid);
        return null;
      }),

    /**
     * A remittance file from the bank run: `payment_id,paid_date,method,reference` (header
     * required). Each row is its own transaction, so one bad line does not undo the others;
     * importing the same file again changes nothing (same reference = unchanged).
     */
    async importRemittance(uid: string, csv: string): Promise<RemittanceResult> {
      const result: RemittanceResult = { paid: 0, unchanged: 0, errors: [] };
      let header: string[] | null = null;
      for await (const rec of readCsvRecords(csv.replace(/^\uFEFF/, ''))) {
        const fields = rec.fields.map((f) => f.trim());
        if (!header) {
          header = fields.map((f) => f.toLowerCase());
          const missing = ['payment_id', 'paid_date', 'method', 'reference'].filter((c) => !header!.includes(c));
          if (missing.length) return { ...result, errors: [{ line: rec.line, message: `Missing column(s): ${missing.join(', ')}.` }] };
          continue;
        }
        const get = (c: string) => fields[header!.indexOf(c)] ?? '';
        const paid = { paidAt: get('paid_date'), method: get('method'), reference: get('reference') };
        const id = get('payment_id');
        if (!/^\d{4}-\d{2}-\d{2}$/.test(paid.paidAt) || !paid.method || !paid.reference || !/^[0-9a-f-]{36}$/i.test(id)) {
          result.errors.push({ line: rec.line, message: 'Needs a payment id, a paid date (YYYY-MM-DD), a method and a reference.' });
          continue;
        }
        try {
          const outcome = await inTransaction(db, async (trx) => {
            const row = await paymentsRepo(trx).getForUpdate(id);
            if (!row) throw notFound(`No payment ${id}.`);
            return markPaidIn(trx, uid, row, paid);
          });
          result[outcome] += 1;
        } catch (err) {
          result.errors.push({ line: rec.line, message: err instanceof HttpError ? err.message : 'Could not be applied.' });
        }
      }
      if (!header) result.errors.push({ line: 1, message: 'The file is empty.' });
      return result;
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
