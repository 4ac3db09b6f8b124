import { z } from 'zod';
import { endpoint } from './endpoint';
import { PaymentSettingsInputSchema, PaymentSettingsSchema, PaymentThresholdInputSchema, TaxFormUploadSchema } from './payments';

const tags = ['payment settings'] as const;
const recentLogin = 'Needs a recent password check like saving the details (403 RequiresRecentLogin otherwise)';

/** Publisher-scoped; staff reach it with a Publisher-Scope header and see the same masked answer. */
export const paymentSettingsEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/payment-settings',
    operationId: 'getPaymentSettings',
    summary: "The publisher's payout method and details (masked), threshold and tax form",
    tags,
    access: 'publisher',
    response: PaymentSettingsSchema,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/api/payment-settings',
    operationId: 'savePaymentSettings',
    summary: 'Save the payout method and its details',
    description:
      'Needs a recent password check: call /api/identity/reauthenticate first and send the new ID token (403 RequiresRecentLogin otherwise).',
    tags,
    access: 'publisher',
    body: PaymentSettingsInputSchema,
    response: PaymentSettingsSchema,
  }),
  setThreshold: endpoint({
    method: 'PUT',
    path: '/api/payment-settings/threshold',
    operationId: 'setPaymentThreshold',
    summary: 'Set the amount below which earnings roll over to the next month',
    description: `${recentLogin}; at least the minimum.`,
    tags,
    access: 'publisher',
    body: PaymentThresholdInputSchema,
    response: PaymentSettingsSchema,
    otherResponses: { 409: z.unknown() },
  }),
  uploadTaxForm: endpoint({
    method: 'POST',
    path: '/api/payment-settings/tax-form',
    operationId: 'uploadTaxForm',
    summary: "Upload the publisher's tax form (a PDF of at most 5 MB, base64)",
    description: `${recentLogin}.`,
    tags,
    access: 'publisher',
    body: TaxFormUploadSchema,
    response: PaymentSettingsSchema,
    otherResponses: { 409: z.unknown() },
    // base64 of at most 5 MB plus the JSON around it; the service checks the decoded size and type.
    bodyLimit: 7.5 * 1024 * 1024,
  }),
  downloadTaxForm: endpoint({
    method: 'GET',
    path: '/api/payment-settings/tax-form',
    operationId: 'downloadTaxForm',
    summary: "The publisher's tax form on file, as uploaded",
    tags,
    access: 'publisher',
    response: z.any(),
    produces: 'application/pdf',
  }),
} as const;
