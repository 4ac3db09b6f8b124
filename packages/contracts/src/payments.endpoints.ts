import { z } from 'zod';
import { endpoint } from './endpoint';
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
} from './payments';

const tags = ['payments'] as const;

export const PaymentIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const PaymentAdjustmentParamsSchema = PaymentIdParamsSchema.extend({ adjustmentId: z.string().min(1).max(64) });
export const PeriodPaymentsQuerySchema = z.object({ period: PeriodSchema });
/** A closed month and when it was closed. */
export const PaymentMonthCloseSchema = z.object({ period: z.string(), closedAt: z.string() });
/** Staff's view of one month: its payments across publishers, and every month closed so far. */
export const PeriodPaymentsSchema = z.object({ payments: z.array(PaymentSchema), closes: z.array(PaymentMonthCloseSchema) });
export type PeriodPayments = z.infer<typeof PeriodPaymentsSchema>;
/** A payment whose status does not allow the step (approve a paid payment, adjust an approved one). */
export const PaymentConflictSchema = z.object({ message: z.string(), name: z.string().optional() });
const conflict = { 409: PaymentConflictSchema } as const;

/** What the publisher sees: its payments, statements and adjustment lines. */
const publisherEndpoints = {
  overview: endpoint({
    method: 'GET',
    path: '/api/payments',
    operationId: 'getPaymentsOverview',
    summary: "The publisher's balance, threshold, last and next payment, and its payments",
    tags,
    access: 'publisher',
    response: PaymentsOverviewSchema,
  }),
  statementPdf: endpoint({
    method: 'GET',
    path: '/api/payments/:id/statement.pdf',
    operationId: 'downloadPaymentStatementPdf',
    summary: "One payment's statement as a PDF file",
    tags,
    access: 'publisher',
    params: PaymentIdParamsSchema,
    response: z.any(),
    produces: 'application/pdf',
  }),
  statementCsv: endpoint({
    method: 'GET',
    path: '/api/payments/:id/statement.csv',
    operationId: 'downloadPaymentStatementCsv',
    summary: "One payment's statement as a CSV file",
    tags,
    access: 'publisher',
    params: PaymentIdParamsSchema,
    response: z.string(),
    produces: 'text/csv',
  }),
  adjustments: endpoint({
    method: 'GET',
    path: '/api/payments/:id/adjustments',
    operationId: 'listPaymentAdjustments',
    summary: "One payment's adjustment lines, oldest first",
    description:
      "The adjustment lines of one of the chosen publisher's payments, oldest first (another publisher's payment: 404). Staff send the payment's publisher as Publisher-Scope and also learn who added or edited each line.",
    tags,
    access: 'publisher',
    params: PaymentIdParamsSchema,
    response: z.array(PaymentAdjustmentSchema),
  }),
} as const;

/** Staff: month close, approvals, holds, adjustments and payment records. */
const staffEndpoints = {
  forPeriod: endpoint({
    method: 'GET',
    path: '/api/payments/admin',
    operationId: 'listPeriodPayments',
    summary: "Every publisher's payment for a month, and the months closed so far",
    tags,
    access: 'staff',
    query: PeriodPaymentsQuerySchema,
    response: PeriodPaymentsSchema,
  }),
  closeMonth: endpoint({
    method: 'POST',
    path: '/api/payments/month-close',
    operationId: 'closePaymentMonth',
    summary: "Close a month: each publisher's earnings become a payment or roll over",
    tags,
    access: 'staff',
    body: MonthCloseRequestSchema,
    response: MonthCloseResultSchema,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/payments/:id/approve',
    operationId: 'approvePayment',
    summary: 'Approve a pending payment for payout',
    tags,
    access: 'staff',
    params: PaymentIdParamsSchema,
    response: PaymentSchema,
    otherResponses: conflict,
  }),
  hold: endpoint({
    method: 'POST',
    path: '/api/payments/:id/hold',
    operationId: 'holdPayment',
    summary: 'Put a payment on hold, saying why',
    tags,
    access: 'staff',
    params: PaymentIdParamsSchema,
    body: HoldRequestSchema,
    response: PaymentSchema,
    otherResponses: conflict,
  }),
  release: endpoint({
    method: 'POST',
    path: '/api/payments/:id/release',
    operationId: 'releasePayment',
    summary: 'Release a payment on hold',
    tags,
    access: 'staff',
    params: PaymentIdParamsSchema,
    response: PaymentSchema,
    otherResponses: conflict,
  }),
  adjust: endpoint({
    method: 'POST',
    path: '/api/payments/:id/adjustments',
    operationId: 'addPaymentAdjustment',
    summary: 'Add an adjustment line to a payment not yet approved',
    description: 'Adds an adjustment (negative = deduction) with its reason to a payment not yet approved; the amount is recomputed.',
    tags,
    access: 'staff',
    params: PaymentIdParamsSchema,
    body: AdjustmentRequestSchema,
    response: PaymentSchema,
    otherResponses: conflict,
  }),
  editAdjustment: endpoint({
    method: 'PUT',
    path: '/api/payments/:id/adjustments/:adjustmentId',
    operationId: 'editPaymentAdjustment',
    summary: 'Correct one adjustment line of a payment not yet approved',
    description:
      'Corrects one adjustment line (amount and reason) of a payment not yet approved; the payment is recomputed by the difference and the change audited with before and after.',
    tags,
    access: 'staff',
    params: PaymentAdjustmentParamsSchema,
    body: AdjustmentRequestSchema,
    response: PaymentSchema,
    otherResponses: conflict,
  }),
  markPaid: endpoint({
    method: 'POST',
    path: '/api/payments/:id/paid',
    operationId: 'markPaymentPaid',
    summary: 'Record that an approved payment was paid, with its method and reference',
    tags,
    access: 'staff',
    params: PaymentIdParamsSchema,
    body: MarkPaidRequestSchema,
    response: PaymentSchema,
    otherResponses: conflict,
  }),
  importRemittance: endpoint({
    method: 'POST',
    path: '/api/payments/remittance',
    operationId: 'importPaymentRemittance',
    summary: "Mark payments paid from the bank's remittance file (CSV)",
    tags,
    access: 'staff',
    body: RemittanceImportSchema,
    response: RemittanceResultSchema,
    // The CSV travels inside JSON: up to 2 MB of text plus its escaping.
    bodyLimit: 3 * 1024 * 1024,
  }),
} as const;

/** The payments API: the publisher's payments and statements, and staff's monthly payout workflow. */
export const paymentsEndpoints = { ...publisherEndpoints, ...staffEndpoints } as const;
