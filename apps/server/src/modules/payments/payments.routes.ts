import type { FastifyInstance } from 'fastify';
import { paymentsEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { PaymentSettingsService } from '../payment-settings';
import type { PaymentsService } from './payments.service';
import { buildStatement, productLetterhead, statementCsv, statementPdf, type Letterhead, type Payee, type Statement } from './statement';

type Opts = {
  payments: PaymentsService;
  settings: PaymentSettingsService;
  productName: string;
  /** The PDF's letterhead (config STATEMENT_PROVIDER_*); without it, the product's name alone. */
  letterhead?: Letterhead;
};

/** One payment's statement: the payee fixed at approval, or before approval the payee on file now. */
function statementOf(opts: Opts) {
  return async (publisherId: string, id: string): Promise<Statement> => {
    const s = opts.payments;
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
}

const fileName = (st: Statement, ext: string) => `statement-${st.publisher.id}-${st.period}.${ext}`;

export async function paymentsRoutes(app: FastifyInstance, opts: Opts) {
  const s = opts.payments;
  const uid = (req: { auth: { uid: string } | null }) => req.auth!.uid;
  const statement = statementOf(opts);

  registerEndpoints(app, paymentsEndpoints, {
    overview: (req) => s.overview(req.publisherId!),
    statementPdf: async (req, reply) => {
      const st = await statement(req.publisherId!, req.params.id);
      const pdf = await statementPdf(st, opts.letterhead ?? productLetterhead(opts.productName));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName(st, 'pdf')}"`)
        .send(Buffer.from(pdf));
    },
    statementCsv: async (req, reply) => {
      const st = await statement(req.publisherId!, req.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(st, 'csv')}"`)
        .send(statementCsv(st));
    },
    adjustments: (req) => s.adjustments(req.publisherId!, req.params.id, req.auth!.scope.type === 'internal'),
    // Staff: month close, approvals, holds, payment records.
    forPeriod: (req) => s.forPeriod(req.query.period),
    closeMonth: (req) => s.closeMonth(uid(req), req.body.period),
    approve: (req) => s.approve(uid(req), req.params.id),
    hold: (req) => s.hold(uid(req), req.params.id, req.body.reason),
    release: (req) => s.release(uid(req), req.params.id),
    adjust: (req) => s.adjust(uid(req), req.params.id, req.body),
    editAdjustment: (req) => s.editAdjustment(uid(req), req.params.id, req.params.adjustmentId, req.body),
    markPaid: (req) => s.markPaid(uid(req), req.params.id, req.body),
    importRemittance: (req) => s.importRemittance(uid(req), req.body.csv),
  });
}
