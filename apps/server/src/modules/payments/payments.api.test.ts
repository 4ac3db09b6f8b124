import { pdfText } from '../../../test/pdf-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

let t: TestApp;
let multi: string;
let single: string;
let staff: string;
const noon = (d: string) => Date.parse(`${d}T12:00:00Z`);
const daysSince = (d: string) => Math.ceil((Date.now() - noon(d)) / 86_400_000);

/** Odd cents on purpose: the statement must add them up exactly as the revenue report does. */
const sale = (date: string, publisherId: string, siteId: string, brand: string, netRevenue: number) => ({
  date,
  publisherId,
  siteId,
  productType: 'Display',
  size: '300x250',
  brand,
  dealName: '',
  dealId: '',
  impressions: 1000,
  revenue: netRevenue * 1.3,
  netRevenue,
});

beforeAll(async () => {
  t = await createTestApp({
    PAYMENT_THRESHOLD_DEFAULT: '100',
    STATEMENT_PROVIDER_NAME: 'Example Ad Network Ltd',
    STATEMENT_PROVIDER_CONTACT: 'payments@provider.example',
  });
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  single = (await signIn(t.app, DEMO.single)).idToken;
  staff = (await signIn(t.app, DEMO.staff)).idToken;
  await t.built.engine.ingest({
    reportType: 'revenue',
    requests: [],
    sales: [
      sale('2025-01-03', '1001', '5001', 'Acme', 123.456),
      sale('2025-01-17', '1001', '5001', 'Globex', 77.777),
      sale('2025-01-31', '1001', '5002', 'Acme', 45.301),
      // Outside January: must not be in the January statement.
      sale('2025-02-01', '1001', '5001', 'Acme', 999),
      // 1003 under the 100 threshold in January (40), over it with the rollover in February (40 + 70).
      sale('2025-01-10', '1003', '5201', 'Acme', 40),
      sale('2025-02-10', '1003', '5202', 'Acme', 70),
      // 1002 has facts but they are not finalized: never paid on estimates.
      sale('2025-01-10', '1002', '5101', 'Acme', 500),
    ],
  });
  await t.built.engine.setFinalizedThrough('1001', 'revenue', '2025-03-31');
  await t.built.engine.setFinalizedThrough('1003', 'revenue', '2025-03-31');
  await t.built.engine.setFinalizedThrough('1002', 'revenue', '2025-01-15');
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string, publisher: string | null, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: publisher ? bearer(token, publisher) : { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
const close = (period: string, token = staff) => call(token, null, 'POST', '/api/payments/month-close', { period });
const paymentOf = async (publisherId: string, period: string) =>
  (await call(staff, publisherId, 'GET', '/api/payments')).json().payments.find((p: { period: string }) => p.period === period);

describe('month close', () => {
  it('is for staff only', async () => {
    expect((await close('2025-01', multi)).statusCode).toBe(403);
    expect((await close('2099-01')).statusCode).toBe(400);
  });

  it('creates payments from finalized revenue only, and closing twice creates nothing twice', async () => {
    const first = (await close('2025-01')).json();
    expect(first).toMatchObject({ period: '2025-01', created: 2, alreadyClosed: false });
    expect(first.skipped.map((s: { publisherId: string }) => s.publisherId).sort()).toEqual(['1002', '1004']);
    const again = (await close('2025-01')).json();
    expect(again).toMatchObject({ created: 0, alreadyClosed: true });
    const rows = await t.db.selectFrom('payments').select(['publisher_id']).where('period', '=', '2025-01').execute();
    expect(rows.map((r) => r.publisher_id).sort()).toEqual(['1001', '1003']);
    const audits = await t.db.selectFrom('audit_log').select('action').where('action', '=', 'payment.create').execute();
    expect(audits).toHaveLength(2);
    const p = await paymentOf('1001', '2025-01');
    expect(p).toMatchObject({ status: 'pending', revenue: 246.53, amount: 246.53, rolloverIn: 0, rolloverOut: 0, currency: 'USD' });
  });

  it('rolls an amount below the threshold over to the next month', async () => {
    const jan = await paymentOf('1003', '2025-01');
    expect(jan).toMatchObject({ status: 'rolled_over', revenue: 40, amount: 0, rolloverOut: 40, threshold: 100 });
    await close('2025-02');
    const feb = await paymentOf('1003', '2025-02');
    expect(feb).toMatchObject({ status: 'pending', revenue: 70, rolloverIn: 40, amount: 110, rolloverOut: 0 });
    const overview = (await call(multi, '1003', 'GET', '/api/payments')).json();
    expect(overview).toMatchObject({ currency: 'GBP', threshold: 100, balance: 110, nextPayment: { period: '2025-02', amount: 110 } });
  });

  it("lists a period's payments of every publisher and the closed months for staff only (the month-close screen)", async () => {
    const res = await call(staff, null, 'GET', '/api/payments/admin?period=2025-01');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.payments.map((p: { publisherId: string; status: string }) => [p.publisherId, p.status]).sort()).toEqual([
      ['1001', 'pending'],
      ['1003', 'rolled_over'],
    ]);
    expect(body.closes.map((c: { period: string }) => c.period)).toEqual(expect.arrayContaining(['2025-01', '2025-02']));
    expect((await call(multi, '1001', 'GET', '/api/payments/admin?period=2025-01')).statusCode).toBe(403);
    const bad = await call(staff, null, 'GET', '/api/payments/admin?period=2025-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('period');
  });

  it('statement total equals the revenue report finalized net revenue for the same publisher and month', async () => {
    const p = await paymentOf('1001', '2025-01');
    // January 2025 is older than the 13 months of report history every plan has: an extension
    // (reports.history_extension_days, as Enterprise's) lets this publisher's reports reach it. As
    // many days as since then, so it still reaches January 2025 whatever the date.
    await t.db
      .insertInto('feature_flag_overrides')
      .values({ flag_key: 'reports.history_extension_days', publisher_id: '1001', value: JSON.stringify(daysSince('2025-01-01')) })
      .execute();
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/partner-center/report?${new URLSearchParams({
        reportType: 'revenue',
        publisherId: '1001',
        dateFrom: String(noon('2025-01-01')),
        dateTo: String(noon('2025-01-31')),
        dimensions: 'sites',
        metrics: 'netRevenue',
        interval: 'Month',
      })}`,
      headers: bearer(multi, '1001'),
    });
    expect(report.statusCode).toBe(200);
    const body = report.json();
    expect(body.estimatedFrom).toBeUndefined();
    const reportTotal = Math.round(body.totals.netRevenue * 100) / 100;
    const csv = (await call(multi, '1001', 'GET', `/api/payments/${p.id}/statement.csv`)).body;
    const line = csv.split('\r\n').find((l) => l.startsWith('Finalized net revenue for the month'))!;
    expect(Number(line.split(',')[1])).toBe(reportTotal);
    expect(p.revenue).toBe(reportTotal);
    // Per site, the statement's lines match the report's rows too.
    for (const row of body.rows as { sites: string; netRevenue: number }[]) {
      const siteLine = csv.split('\r\n').find((l) => l.startsWith(`Finalized net revenue: ${row.sites} (`))!;
      expect(Number(siteLine.split(',')[1])).toBe(Math.round(row.netRevenue * 100) / 100);
    }
    const pdf = await call(multi, '1001', 'GET', `/api/payments/${p.id}/statement.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The letterhead comes from the server's settings (STATEMENT_PROVIDER_*).
    const text = pdfText(pdf.rawPayload);
    expect(text[0]).toBe('Example Ad Network Ltd');
    expect(text).toContain('payments@provider.example');
  });

  it("keeps a publisher's payments and statements from other publishers", async () => {
    const p = await paymentOf('1001', '2025-01');
    expect((await call(single, '1002', 'GET', `/api/payments/${p.id}/statement.pdf`)).statusCode).toBe(404);
    expect((await call(single, '1001', 'GET', `/api/payments/${p.id}/statement.csv`)).statusCode).toBe(403);
    expect((await call(single, '1001', 'GET', '/api/payments')).statusCode).toBe(403);
    expect((await call(multi, null, 'POST', `/api/payments/${p.id}/approve`)).statusCode).toBe(403);
  });

  it('holds with a reason, releases, approves with the payee snapshot, and records the payment', async () => {
    const p = await paymentOf('1001', '2025-01');
    const noSettings = await call(staff, null, 'POST', `/api/payments/${p.id}/approve`);
    expect(noSettings.statusCode).toBe(409);
    const save = await call(multi, '1001', 'PUT', '/api/payment-settings', {
      method: 'bank_transfer',
      beneficiaryName: 'Northwind News Ltd',
      payoutCurrency: 'USD',
      iban: 'DE89 3704 0044 0532 0130 00',
      bic: 'COBADEFFXXX',
    });
    expect(save.statusCode).toBe(200);
    expect((await call(staff, null, 'POST', `/api/payments/${p.id}/hold`, { reason: '' })).statusCode).toBe(400);
    const held = (await call(staff, null, 'POST', `/api/payments/${p.id}/hold`, { reason: 'Tax form missing' })).json();
    expect(held).toMatchObject({ status: 'on_hold', holdReason: 'Tax form missing' });
    expect((await call(staff, null, 'POST', `/api/payments/${p.id}/approve`)).statusCode).toBe(409);
    expect(
      (await call(staff, null, 'POST', `/api/payments/${p.id}/paid`, { paidAt: '2025-02-20', method: 'SEPA', reference: 'R1' })).statusCode,
    ).toBe(409);
    expect((await call(staff, null, 'POST', `/api/payments/${p.id}/release`)).json().status).toBe('pending');
    expect((await call(staff, null, 'POST', `/api/payments/${p.id}/approve`)).json().status).toBe('approved');
    // Bank details change after approval: the approved payment keeps the details of approval time.
    await call(multi, '1001', 'PUT', '/api/payment-settings', {
      method: 'bank_transfer',
      beneficiaryName: 'Northwind News Ltd',
      payoutCurrency: 'USD',
      iban: 'GB29 NWBK 6016 1331 9268 19',
      bic: 'NWBKGB2L',
    });
    const csv = (await call(multi, '1001', 'GET', `/api/payments/${p.id}/statement.csv`)).body;
    expect(csv).toContain('•••• 3000');
    expect(csv).not.toContain('6819');
    const actions = (await t.db.selectFrom('audit_log').select('action').where('action', 'like', 'payment.%').execute()).map(
      (a) => a.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['payment.hold', 'payment.release', 'payment.approve']));
  });

  it('imports a remittance file: marks approved payments paid, idempotently, and reports bad lines', async () => {
    const p = await paymentOf('1001', '2025-01');
    const feb = await paymentOf('1003', '2025-02');
    const csv = `payment_id,paid_date,method,reference\n${p.id},2025-02-25,SEPA transfer,BANK-REF-77\n${feb.id},2025-02-25,SEPA,X\nnot-an-id,2025-02-25,SEPA,Y\n`;
    const res = (await call(staff, null, 'POST', '/api/payments/remittance', { csv })).json();
    expect(res.paid).toBe(1);
    expect(res.errors.map((e: { line: number }) => e.line)).toEqual([3, 4]);
    expect(res.errors[0].message).toMatch(/approved/);
    expect(await paymentOf('1001', '2025-01')).toMatchObject({
      status: 'paid',
      paidAt: '2025-02-25',
      method: 'SEPA transfer',
      reference: 'BANK-REF-77',
    });
    const again = (await call(staff, null, 'POST', '/api/payments/remittance', { csv })).json();
    expect(again).toMatchObject({ paid: 0, unchanged: 1 });
    const paidAudits = await t.db.selectFrom('audit_log').select('action').where('action', '=', 'payment.paid').execute();
    expect(paidAudits).toHaveLength(1);
    const overview = (await call(multi, '1001', 'GET', '/api/payments')).json();
    expect(overview.lastPayment).toMatchObject({ period: '2025-01', amount: 246.53, paidAt: '2025-02-25' });
    expect((await call(staff, null, 'POST', '/api/payments/remittance', { csv: 'a,b\n1,2\n' })).json().errors[0].message).toMatch(
      /Missing column/,
    );
  });
});
