import useSWR from 'swr';
import type {
  AdjustmentRequest,
  MonthCloseResult,
  Payment,
  PaymentAdjustment,
  PaymentSettings,
  PaymentSettingsInput,
  PaymentsOverview,
  RemittanceResult,
} from '@pc/contracts';
import { api, apiFetcher, type ApiKey } from '../../../lib/api';
import { swrOptions } from '../../../lib/swr-options';

export const usePaymentsOverview = (publisherId: string) =>
  useSWR<PaymentsOverview, Error, ApiKey>(['payments', publisherId], apiFetcher, swrOptions);
export const usePeriodPayments = (period: string | null) =>
  useSWR<{ payments: Payment[]; closes: { period: string; closedAt: string }[] }, Error, ApiKey | null>(
    period ? ['payments/admin', null, { period }] : null,
    apiFetcher,
    swrOptions,
  );
export const usePaymentSettings = (publisherId: string) =>
  useSWR<PaymentSettings, Error, ApiKey>(['payment-settings', publisherId], apiFetcher, swrOptions);

const id = (paymentId: string) => `payments/${encodeURIComponent(paymentId)}`;
export const downloadStatement = (publisherId: string, paymentId: string, format: 'pdf' | 'csv') =>
  api<Blob>(`${id(paymentId)}/statement.${format}`, { publisherId, responseType: 'blob' });

// Staff actions (no Publisher-Scope needed: staff scope covers every publisher).
export const closeMonth = (period: string) =>
  api<MonthCloseResult>('payments/month-close', { method: 'POST', body: { period }, publisherId: null });
export const approvePayment = (paymentId: string) => api<Payment>(`${id(paymentId)}/approve`, { method: 'POST', publisherId: null });
export const holdPayment = (paymentId: string, reason: string) =>
  api<Payment>(`${id(paymentId)}/hold`, { method: 'POST', body: { reason }, publisherId: null });
export const releasePayment = (paymentId: string) => api<Payment>(`${id(paymentId)}/release`, { method: 'POST', publisherId: null });
/** A payment's adjustment lines, read under the payment's own publisher (staff send it as scope too). */
export const usePaymentAdjustments = (publisherId: string, paymentId: string | null) =>
  useSWR<PaymentAdjustment[], Error, ApiKey | null>(
    paymentId ? [`${id(paymentId)}/adjustments`, publisherId] : null,
    apiFetcher,
    swrOptions,
  );
export const adjustPayment = (paymentId: string, body: AdjustmentRequest) =>
  api<Payment>(`${id(paymentId)}/adjustments`, { method: 'POST', body, publisherId: null });
export const editPaymentAdjustment = (paymentId: string, adjustmentId: string, body: AdjustmentRequest) =>
  api<Payment>(`${id(paymentId)}/adjustments/${encodeURIComponent(adjustmentId)}`, { method: 'PUT', body, publisherId: null });
export const importRemittance = (csv: string) =>
  api<RemittanceResult>('payments/remittance', { method: 'POST', body: { csv }, publisherId: null });

export const savePaymentSettings = (publisherId: string, body: PaymentSettingsInput) =>
  api<PaymentSettings>('payment-settings', { method: 'PUT', publisherId, body });
export const uploadTaxForm = (publisherId: string, fileName: string, contentBase64: string) =>
  api<PaymentSettings>('payment-settings/tax-form', { method: 'POST', publisherId, body: { fileName, contentBase64 } });
export const savePaymentThreshold = (publisherId: string, threshold: number) =>
  api<PaymentSettings>('payment-settings/threshold', { method: 'PUT', publisherId, body: { threshold } });
