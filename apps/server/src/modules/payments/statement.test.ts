import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text';
import { EnvSchema, loadConfig } from '../../config/env';
import {
  letterheadOf,
  pdfMoney,
  productLetterhead,
  statementCsv,
  statementPdf,
  statementPdfText,
  type Letterhead,
  type Statement,
} from './statement';

const statement = (over: Partial<Statement> = {}): Statement => ({
  publisher: { id: '1001', name: 'Northwind News' },
  period: '2025-01',
  currency: 'USD',
  sites: [
    { siteId: '5001', siteName: 'Northwind News', netRevenue: 12345.6 },
    { siteId: '5002', siteName: 'Northwind Travel', netRevenue: 654.4 },
  ],
  revenue: 13000,
  rolloverIn: 0,
  adjustments: -50,
  adjustmentLines: [{ reason: 'Invalid traffic', amount: -50 }],
  amount: 12950,
  rolloverOut: 0,
  threshold: 100,
  status: 'Paid',
  paidAt: '2025-02-25',
  reference: 'BANK-REF-77',
  payee: {
    beneficiaryName: 'Northwind News Ltd',
    method: 'bank_transfer',
    account: '•••• 3000',
    payoutCurrency: 'USD',
    fixedAtApproval: true,
  },
  ...over,
});

const letterhead: Letterhead = {
  name: 'Example Ad Network Ltd',
  address: '1 Market Street; London EC1A 1AA; United Kingdom',
  contact: 'payments@provider.example, +44 20 7946 0000',
};

describe('payment statement PDF', () => {
  it('prints the letterhead from configuration, then amounts with their currency and separators, and days as days', async () => {
    const text = pdfText(await statementPdf(statement(), letterhead));
    expect(text.slice(0, 5)).toEqual([
      'Example Ad Network Ltd',
      '1 Market Street',
      'London EC1A 1AA',
      'United Kingdom',
      'payments@provider.example, +44 20 7946 0000',
    ]);
    expect(text).toContain('Payment statement');
    expect(text).toContain('Jan 2025');
    expect(text).toContain('Paid, paid on Feb 25, 2025, reference BANK-REF-77');
    expect(text).toContain('$12,345.60');
    expect(text).toContain('$13,000.00');
    expect(text).toContain('-$50.00');
    expect(text).toContain('$12,950.00');
    // No amount is printed as a bare number any more, nor a day or month as ISO.
    expect(text.filter((t) => /^-?\d+\.\d{2}$/.test(t))).toEqual([]);
    expect(text.join('\n')).not.toMatch(/\b\d{4}-\d{2}(-\d{2})?\b/);
  });

  it("prints a euro statement in euros, and with only the product's name configured, that name alone on top", async () => {
    const text = pdfText(
      await statementPdf(statement({ currency: 'EUR', paidAt: null, reference: null }), productLetterhead('Partners Center')),
    );
    expect(text[0]).toBe('Partners Center');
    expect(text[1]).toBe('Payment statement');
    expect(text).toContain('€12,950.00');
  });

  it('writes an amount the fonts cannot print with its code instead of a question mark', () => {
    expect(pdfMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(pdfMoney(1234.5, 'GBP')).toBe('£1,234.50');
    expect(pdfMoney(1234.5, 'INR')).toBe('1,234.50 INR');
    expect(pdfMoney(-1234.5, 'EUR')).toBe('-€1,234.50');
  });

  it('builds the same lines for every layout: facts, then each amount formatted', () => {
    const t = statementPdfText(statement({ paidAt: null, reference: null, status: 'Pending' }), { ...letterhead, contact: null });
    expect(t.letterhead).toEqual(['1 Market Street', 'London EC1A 1AA', 'United Kingdom']);
    expect(t.facts).toContainEqual(['Status', 'Pending']);
    expect(t.lines).toContainEqual(['Finalized net revenue: Northwind News (5001)', '$12,345.60']);
    expect(t.lines).toContainEqual(['Adjustment: Invalid traffic', '-$50.00']);
    expect(t.lines.at(-1)).toEqual(['Rolled over to next month', '$0.00']);
  });
});

describe('payment statement CSV', () => {
  it('keeps amounts as plain numbers, each with its currency in a column of its own', () => {
    const csv = statementCsv(statement()).split('\r\n');
    expect(csv[0]).toBe('item,value,currency');
    expect(csv).toContain('Finalized net revenue: Northwind News (5001),12345.60,USD');
    expect(csv).toContain('Adjustment: Invalid traffic,-50.00,USD');
    expect(csv).toContain('Amount payable,12950.00,USD');
    // Facts that are not amounts have no currency.
    expect(csv).toContain('Period,2025-01,');
    expect(csv).toContain('Paid on,2025-02-25,');
  });
});

describe('letterhead settings', () => {
  it('name the provider, else the product, with the address and contact when set', () => {
    expect(letterheadOf(loadConfig({ PRODUCT_NAME: 'Partners Center' }))).toEqual({
      name: 'Partners Center',
      address: null,
      contact: null,
    });
    expect(
      letterheadOf(
        loadConfig({
          PRODUCT_NAME: 'Partners Center',
          STATEMENT_PROVIDER_NAME: 'Example Ad Network Ltd',
          STATEMENT_PROVIDER_ADDRESS: '1 Market Street; London',
          STATEMENT_PROVIDER_CONTACT: 'payments@provider.example',
        }),
      ),
    ).toEqual({ name: 'Example Ad Network Ltd', address: '1 Market Street; London', contact: 'payments@provider.example' });
  });

  it('are optional, trimmed, and refuse text the PDF cannot print', () => {
    const parse = (v: string | undefined) => EnvSchema.shape.STATEMENT_PROVIDER_ADDRESS.safeParse(v);
    expect(parse(undefined).data).toBeNull();
    expect(parse('  ').data).toBeNull();
    expect(parse(' 1 Market Street; London ').data).toBe('1 Market Street; London');
    expect(parse('Straße 1; München').data).toBe('Straße 1; München');
    expect(parse('東京都').error?.issues[0]?.message).toBe('accepts up to 300 Latin characters');
    expect(EnvSchema.shape.STATEMENT_PROVIDER_NAME.safeParse('x'.repeat(121)).success).toBe(false);
  });
});
