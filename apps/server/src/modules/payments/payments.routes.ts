import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AdjustmentRequestSchema,
  HoldRequestSchema,
  MarkPaidRequestSchema,
  MonthCloseRequestSchema,
  MonthCloseResultSchema,
  PaymentAdjustmentSchema,
  PaymentSchema,
  PaymentsOverviewSchema,
  PeriodSchema,
  RemittanceImportSchema,
  RemittanceResultSchema,
} from '@pc/contracts';
import { errorResponses, typed } from '../../http/typed';
import type { PaymentSettingsService } from '../payment-settings/payment-settings.service';
import type { PaymentsService } from './payments.service';
import { buildStatement, statementCsv, statementPdf, type Payee } from './statement';

const tags = ['payments'];
const IdParams = z.object({ id: z.string().min(1).max(64) });
const Conflict = { 409: z.object({ message: z.string(), name: z.string().optional() }) };

export async function paymentsRoutes(
  app: FastifyInstance,
  opts: { payments: PaymentsService; settings: PaymentSettingsService; productName: string },
) {
  const r = typed(app);
  const s = opts.payments;
  const uid = (req: { auth: { uid: string } | null }) => req.auth!.uid;
  const staff = { access: 'staff' as const };

  r.get(
    '/api/payments',
    { config: { access: 'publisher' }, schema: { tags, response: { 200: PaymentsOverviewSchema, ...errorResponses } } },
    async (req) => s.overview(req.publisherId!),
  );

  const statement = async (publisherId: string, id: string) => {
    const row = await s.get(publisherId, id);
    let payee: Payee | null = null;
    const snap = row.payee_snapshot as { beneficiaryName: string; method: string; account: string | null; payoutCurrency: string } | null;
    if (snap) payee = { ...snap, fixedAtApproval: true };
    else {
      const now = await opts.settings.get(publisherId);
      if (now.configured)
        payee = {
          beneficiaryName: now.beneficiaryName!,
          method: now.method!,
          account: now.accountMasked,
          payoutCurrency: now.payoutCurrency!,
          fixedAtApproval: false,
        };
    }
    const adjustments = await s.adjustments(publisherId, row.id, false);
    return buildStatement(
      row,
      payee,
      adjustments.map((a) => ({ reason: a.reason, amount: a.amount })),
    );
  };
  const fileName = (st: { publisher: { id: string }; period: string }, ext: string) => `statement-${st.publisher.id}-${st.period}.${ext}`;
  r.get(
    '/api/payments/:id/statement.pdf',
    { config: { access: 'publisher' }, schema: { tags, params: IdParams, response: { 200: z.any(), ...errorResponses } } },
    async (req, reply) => {
      const st = await statement(req.publisherId!, req.params.id);
      const pdf = await statementPdf(st, opts.productName);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName(st, 'pdf')}"`)
        .send(Buffer.from(pdf));
    },
  );
  r.get(
    '/api/payments/:id/statement.csv',
    { config: { access: 'publisher' }, schema: { tags, params: IdParams, response: { 200: z.string(), ...errorResponses } } },
    async (req, reply) => {
      const st = await statement(req.publisherId!, req.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(st, 'csv')}"`)
        .send(statementCsv(st));
    },
  );

  r.get(
    '/api/payments/:id/adjustments',
    {
      config: { access: 'publisher' },
      schema: {
        tags,
        description:
          "The adjustment lines of one of the chosen publisher's payments, oldest first (another publisher's payment: 404). Staff send the payment's publisher as Publisher-Scope and also learn who added or edited each line.",
        params: IdParams,
        response: { 200: z.array(PaymentAdjustmentSchema), ...errorResponses },
      },
    },
    async (req) => s.adjustments(req.publisherId!, req.params.id, req.auth!.scope.type === 'internal'),
  );

  // Staff: month close, approvals, holds, payment records.
  r.get(
    '/api/payments/admin',
    {
      config: staff,
      schema: {
        tags,
        querystring: z.object({ period: PeriodSchema }),
        response: {
          200: z.object({ payments: z.array(PaymentSchema), closes: z.array(z.object({ period: z.string(), closedAt: z.string() })) }),
          ...errorResponses,
        },
      },
    },
    async (req) => s.forPeriod(req.query.period),
  );
  r.post(
    '/api/payments/month-close',
    { config: staff, schema: { tags, body: MonthCloseRequestSchema, response: { 200: MonthCloseResultSchema, ...errorResponses } } },
    async (req) => s.closeMonth(uid(req), req.body.period),
  );
  r.post(
    '/api/payments/:id/approve',
    { config: staff, schema: { tags, params: IdParams, response: { 200: PaymentSchema, ...Conflict, ...errorResponses } } },
    async (req) => s.approve(uid(req), req.params.id),
  );
  r.post(
    '/api/payments/:id/hold',
    {
      config: staff,
      schema: { tags, params: IdParams, body: HoldRequestSchema, response: { 200: PaymentSchema, ...Conflict, ...errorResponses } },
    },
    async (req) => s.hold(uid(req), req.params.id, req.body.reason),
  );
  r.post(
    '/api/payments/:id/release',
    { config: staff, schema: { tags, params: IdParams, response: { 200: PaymentSchema, ...Conflict, ...errorResponses } } },
    async (req) => s.release(uid(req), req.params.id),
  );
  r.post(
    '/api/payments/:id/adjustments',
    {
      config: staff,
      schema: {
        tags,
        description: 'Adds an adjustment (negative = deduction) with its reason to a payment not yet approved; the amount is recomputed.',
        params: IdParams,
        body: AdjustmentRequestSchema,
        response: { 200: PaymentSchema, ...Conflict, ...errorResponses },
      },
    },
    async (req) => s.adjust(uid(req), req.params.id, req.body),
  );
  r.put(
    '/api/payments/:id/adjustments/:adjustmentId',
    {
      config: staff,
      schema: {
        tags,
        description:
          'Corrects one adjustment line (amount and reason) of a payment not yet approved; the payment is recomputed by the difference and the change audited with before and after.',
        params: IdParams.extend({ adjustmentId: z.string().min(1).max(64) }),
        body: AdjustmentRequestSchema,
        response: { 200: PaymentSchema, ...Conflict, ...errorResponses },
      },
    },
    async (req) => s.editAdjustment(uid(req), req.params.id, req.params.adjustmentId, req.body),
  );
  r.post(
    '/api/payments/:id/paid',
    {
      config: staff,
      schema: { tags, params: IdParams, body: MarkPaidRequestSchema, response: { 200: PaymentSchema, ...Conflict, ...errorResponses } },
    },
    async (req) => s.markPaid(uid(req), req.params.id, req.body),
  );
  r.post(
    '/api/payments/remittance',
    {
      config: staff,
      bodyLimit: 3 * 1024 * 1024,
      schema: { tags, body: RemittanceImportSchema, response: { 200: RemittanceResultSchema, ...errorResponses } },
    },
    async (req) => s.importRemittance(uid(req), req.body.csv),
  );
}
