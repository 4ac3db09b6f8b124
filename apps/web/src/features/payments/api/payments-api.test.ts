import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../lib/api';
import type { ApiClient, RequestOptions } from '../../../lib/api-client';
import { approvePayment, downloadStatement, editPaymentAdjustment, savePaymentThreshold } from './payments-api';

function client(answer: unknown) {
  const fn = vi.fn(async (_path: string, _options?: RequestOptions) => answer);
  configureApi(fn as unknown as ApiClient);
  return fn;
}

describe('payments api', () => {
  afterEach(() => vi.clearAllMocks());

  it('downloads a CSV statement as text and hands it on as a CSV file', async () => {
    const fn = client('Publisher,Northwind\n');
    const file = await downloadStatement('1001', 'pay-1', 'csv');
    expect(fn).toHaveBeenCalledWith(
      '/api/payments/pay-1/statement.csv',
      expect.objectContaining({ publisherId: '1001', responseType: 'text' }),
    );
    expect(file.type).toBe('text/csv;charset=utf-8');
    expect(await file.text()).toBe('Publisher,Northwind\n');
  });

  it('downloads a PDF statement as bytes', async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const fn = client(pdf);
    expect(await downloadStatement('1001', 'pay/2', 'pdf')).toBe(pdf);
    expect(fn).toHaveBeenCalledWith(
      '/api/payments/pay%2F2/statement.pdf',
      expect.objectContaining({ publisherId: '1001', responseType: 'blob' }),
    );
  });

  it('sends staff actions without a publisher scope, to the payment and line they name', async () => {
    const fn = client({});
    await approvePayment('pay-1');
    expect(fn).toHaveBeenLastCalledWith('/api/payments/pay-1/approve', expect.objectContaining({ method: 'POST', publisherId: null }));
    await editPaymentAdjustment('pay-1', 'adj-2', { amount: -5, reason: 'Invalid traffic' });
    expect(fn).toHaveBeenLastCalledWith(
      '/api/payments/pay-1/adjustments/adj-2',
      expect.objectContaining({ method: 'PUT', publisherId: null, body: { amount: -5, reason: 'Invalid traffic' } }),
    );
  });

  it('saves the threshold under the chosen publisher', async () => {
    const fn = client({});
    await savePaymentThreshold('1001', 250);
    expect(fn).toHaveBeenCalledWith(
      '/api/payment-settings/threshold',
      expect.objectContaining({ method: 'PUT', publisherId: '1001', body: { threshold: 250 } }),
    );
  });
});
