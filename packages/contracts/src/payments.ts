import { z } from 'zod';
import { EmailField } from './fields';
import { ValidationMessages } from './validation-messages';

/** Payments and payment settings. Money is a number in the publisher's currency. */
export const PaymentStatusSchema = z.enum(['pending', 'approved', 'paid', 'on_hold', 'rolled_over']);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  paid: 'Paid',
  on_hold: 'On hold',
  rolled_over: 'Below threshold (rolled over)',
};

export const PeriodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month like 2026-10.');

export const PaymentSchema = z.object({
  id: z.string(),
  publisherId: z.string(),
  publisherName: z.string(),
  period: z.string(),
  currency: z.string(),
  revenue: z.number(),
  rolloverIn: z.number(),
  adjustments: z.number(),
  /** How many adjustment lines make up `adjustments` (lines can cancel out to 0). */
  adjustmentLines: z.number(),
  amount: z.number(),
  rolloverOut: z.number(),
  threshold: z.number(),
  status: PaymentStatusSchema,
  holdReason: z.string().nullable(),
  approvedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  /**
   * Staff approvals given so far. Within 48 hours of a change of the bank details a payout needs
   * two, by different staff members: 1 on a pending payment means it waits for the second.
   */
  approvals: z.number().int().optional(),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const PaymentsOverviewSchema = z.object({
  currency: z.string(),
  threshold: z.number(),
  /** Closed but not yet paid: pending + approved + on hold + the rollover carried forward. */
  balance: z.number(),
  nextPayment: z.object({ period: z.string(), amount: z.number(), status: PaymentStatusSchema }).nullable(),
  lastPayment: z.object({ period: z.string(), amount: z.number(), paidAt: z.string().nullable() }).nullable(),
  payments: z.array(PaymentSchema),
});
export type PaymentsOverview = z.infer<typeof PaymentsOverviewSchema>;

export const MonthCloseRequestSchema = z.object({ period: PeriodSchema });
export const MonthCloseResultSchema = z.object({
  period: z.string(),
  created: z.number(),
  alreadyClosed: z.boolean(),
  skipped: z.array(z.object({ publisherId: z.string(), reason: z.string() })),
});
export type MonthCloseResult = z.infer<typeof MonthCloseResultSchema>;

export const HoldRequestSchema = z.object({ reason: z.string().trim().min(3, 'Say why the payment is held.').max(500) });
export const MarkPaidRequestSchema = z.object({
  paidAt: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-15.'),
  method: z.string().trim().min(1, 'Method is required!').max(60),
  reference: z.string().trim().min(1, 'Reference is required!').max(120),
});
/** A staff correction of a payment before approval: negative for clawbacks, positive for credits. */
export const AdjustmentRequestSchema = z.object({
  amount: z
    .number({ error: 'Enter an amount like -12.50 or 40.' })
    .refine((n) => n !== 0, 'An adjustment cannot be zero.')
    .refine((n) => Math.abs(n) <= 1_000_000_000, 'The amount is too large.')
    .refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), 'Use at most two decimals.'),
  reason: z.string().trim().min(3, 'Say why the amount is adjusted.').max(300, 'Use at most 300 characters.'),
});
export type AdjustmentRequest = z.infer<typeof AdjustmentRequestSchema>;
export const PaymentAdjustmentSchema = z.object({
  id: z.string(),
  amount: z.number(),
  reason: z.string(),
  /** Staff e-mail; null in answers to a publisher (who adjusted is internal). */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** Set once staff corrected the line; `editedBy` is null in answers to a publisher. */
  editedBy: z.string().nullable(),
  editedAt: z.string().nullable(),
});
export type PaymentAdjustment = z.infer<typeof PaymentAdjustmentSchema>;

export const RemittanceImportSchema = z.object({ csv: z.string().min(1, 'The file is empty.').max(2_000_000) });
export const RemittanceResultSchema = z.object({
  paid: z.number(),
  unchanged: z.number(),
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
});
export type RemittanceResult = z.infer<typeof RemittanceResultSchema>;

export const PAYOUT_METHODS = ['bank_transfer', 'paypal'] as const;
export const PayoutMethodSchema = z.enum(PAYOUT_METHODS);
export const PAYOUT_CURRENCIES = ['USD', 'EUR', 'GBP', 'CHF', 'CAD', 'AUD'] as const;

/** What the form sends; the server validates IBAN/BIC/VAT with maintained libraries. */
export const PaymentSettingsInputSchema = z
  .object({
    method: PayoutMethodSchema,
    beneficiaryName: z.string().trim().min(1, 'Beneficiary name is required!').max(140),
    payoutCurrency: z.enum(PAYOUT_CURRENCIES),
    /** Bank transfer: an IBAN, or an account number + routing code for non-IBAN countries. */
    iban: z.string().trim().max(50).optional().default(''),
    accountNumber: z.string().trim().max(40).optional().default(''),
    routingCode: z.string().trim().max(40).optional().default(''),
    bic: z.string().trim().max(20).optional().default(''),
    paypalEmail: z.string().trim().max(200).optional().default(''),
    vatNumber: z.string().trim().max(30).optional().default(''),
  })
  .superRefine((v, ctx) => {
    // A PayPal payout asks for its e-mail, with the spec's e-mail messages like every e-mail field.
    if (v.method !== 'paypal') return;
    const email = EmailField.safeParse(v.paypalEmail);
    if (!email.success)
      ctx.addIssue({ code: 'custom', path: ['paypalEmail'], message: email.error.issues[0]?.message ?? ValidationMessages.emailInvalid });
  });
export type PaymentSettingsInput = z.input<typeof PaymentSettingsInputSchema>;

export const PaymentSettingsSchema = z.object({
  configured: z.boolean(),
  method: PayoutMethodSchema.nullable(),
  beneficiaryName: z.string().nullable(),
  payoutCurrency: z.string().nullable(),
  /** e.g. "•••• 3000": the last four characters only, never the full number. */
  accountMasked: z.string().nullable(),
  bicMasked: z.string().nullable(),
  vatNumber: z.string().nullable(),
  taxForm: z.object({ fileName: z.string(), size: z.number(), uploadedAt: z.string() }).nullable(),
  threshold: z.number(),
  /** The provider's minimum (and default) threshold; a publisher may choose a higher one. */
  minimumThreshold: z.number(),
  updatedAt: z.string().nullable(),
  company: z.object({ name: z.string(), address: z.string(), city: z.string(), country: z.string(), zipCode: z.string() }).nullable(),
});
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;

/** The publisher's own payment threshold; the server refuses one below the provider's minimum. */
export const PaymentThresholdInputSchema = z.object({
  threshold: z
    .number({ error: 'Enter an amount like 250.' })
    .min(0, 'The threshold cannot be negative.')
    .max(1_000_000, 'Use at most 1,000,000.')
    .refine((n) => Math.round(n * 100) === Number((n * 100).toFixed(6)), 'Use at most two decimals.'),
});
export type PaymentThresholdInput = z.infer<typeof PaymentThresholdInputSchema>;

export const TaxFormUploadSchema = z.object({
  fileName: z.string().trim().min(1).max(200),
  contentBase64: z.string().min(1),
});
