import {
  paymentsEndpoints as endpoints,
  paymentSettingsEndpoints as settingsEndpoints,
  type AdjustmentRequest,
  type PaymentSettingsInput,
} from '@pc/contracts';
import { call, endpointKey, useEndpoint } from '../../../lib/endpoints';

/** The overview's SWR key, shared by the payments page and the home card: a staff adjustment revalidates it. */
export const paymentsOverviewKey = (publisherId: string) => endpointKey(endpoints.overview, publisherId, {});

export const usePaymentsOverview = (publisherId: string) => useEndpoint(endpoints.overview, publisherId, {});
export const usePeriodPayments = (period: string | null) => useEndpoint(endpoints.forPeriod, null, period ? { query: { period } } : null);
export const usePaymentSettings = (publisherId: string) => useEndpoint(settingsEndpoints.get, publisherId, {});

/** A statement as a file: the PDF as it comes, the CSV as text kept in a CSV blob. */
export async function downloadStatement(publisherId: string, paymentId: string, format: 'pdf' | 'csv'): Promise<Blob> {
  const params = { id: paymentId };
  if (format === 'pdf') return (await call(endpoints.statementPdf, { params }, { publisherId })) as Blob;
  const csv = await call(endpoints.statementCsv, { params }, { publisherId });
  return new Blob([csv], { type: 'text/csv;charset=utf-8' });
}

// Staff actions (no Publisher-Scope needed: staff scope covers every publisher).
const staff = { publisherId: null };
export const closeMonth = (period: string) => call(endpoints.closeMonth, { body: { period } }, staff);
export const approvePayment = (paymentId: string) => call(endpoints.approve, { params: { id: paymentId } }, staff);
export const holdPayment = (paymentId: string, reason: string) =>
  call(endpoints.hold, { params: { id: paymentId }, body: { reason } }, staff);
export const releasePayment = (paymentId: string) => call(endpoints.release, { params: { id: paymentId } }, staff);
/** A payment's adjustment lines, read under the payment's own publisher (staff send it as scope too). */
export const usePaymentAdjustments = (publisherId: string, paymentId: string | null) =>
  useEndpoint(endpoints.adjustments, publisherId, paymentId ? { params: { id: paymentId } } : null);
export const adjustPayment = (paymentId: string, body: AdjustmentRequest) =>
  call(endpoints.adjust, { params: { id: paymentId }, body }, staff);
export const editPaymentAdjustment = (paymentId: string, adjustmentId: string, body: AdjustmentRequest) =>
  call(endpoints.editAdjustment, { params: { id: paymentId, adjustmentId }, body }, staff);
export const importRemittance = (csv: string) => call(endpoints.importRemittance, { body: { csv } }, staff);

export const savePaymentSettings = (publisherId: string, body: PaymentSettingsInput) =>
  call(settingsEndpoints.save, { body }, { publisherId });
export const uploadTaxForm = (publisherId: string, fileName: string, contentBase64: string) =>
  call(settingsEndpoints.uploadTaxForm, { body: { fileName, contentBase64 } }, { publisherId });
export const savePaymentThreshold = (publisherId: string, threshold: number) =>
  call(settingsEndpoints.setThreshold, { body: { threshold } }, { publisherId });
