import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

// Four eyes on payouts: whoever entered a publisher's bank details cannot approve its payouts, and
// within 48 hours of a change of those details a payout needs two different staff members.
let t: TestApp;
const tok: Record<'admin' | 'staff' | 'multi', string> = { admin: '', staff: '', multi: '' };

const sale = (date: string, publisherId: string, siteId: string, netRevenue: number) => ({
  date,
  publisherId,
  siteId,
  productType: 'Display',
  size: '300x250',
  brand: 'Acme',
  dealName: '',
  dealId: '',
  impressions: 1000,
  revenue: netRevenue * 1.3,
  netRevenue,
});
const bank = (iban: string, bic: string) => ({ method: 'bank_transfer', beneficiaryName: 'Payee Ltd', payoutCurrency: 'USD', iban, bic });
const FIRST = bank('DE89 3704 0044 0532 0130 00', 'COBADEFFXXX');
const SECOND = bank('GB29 NWBK 6016 1331 9268 19', 'NWBKGB2L');

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_THRESHOLD_DEFAULT: '100' });
  for (const who of ['admin', 'staff', 'multi'] as const) tok[who] = (await signIn(t.app, DEMO[who])).idToken;
  await t.built.engine.ingest({
    reportType: 'revenue',
    requests: [],
    sales: [sale('2025-01-10', '1001', '5001', 300), sale('2025-02-10', '1001', '5001', 400), sale('2025-01-10', '1003', '5201', 500)],
  });
  await t.built.engine.setFinalizedThrough('1001', 'revenue', '2025-03-31');
  await t.built.engine.setFinalizedThrough('1003', 'revenue', '2025-03-31');
  for (const period of ['2025-01', '2025-02']) {
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/month-close', headers: bearer(tok.staff), payload: { period } });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => t.close());

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, publisher?: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token, publisher), ...(payload ? { payload } : {}) });
const paymentOf = async (publisherId: string, period: string) =>
  (await call(tok.staff, 'GET', '/api/payments', publisherId)).json().payments.find((p: { period: string }) => p.period === period) as {
    id: string;
    status: string;
  };
const approve = (token: string, id: string) => call(token, 'POST', `/api/payments/${id}/approve`);

describe('four eyes on payouts', () => {
  it('the staff member who entered the bank details cannot approve the payout; another staff member can', async () => {
    expect((await call(tok.staff, 'PUT', '/api/payment-settings', '1003', FIRST)).statusCode).toBe(200);
    const p = await paymentOf('1003', '2025-01');
    const own = await approve(tok.staff, p.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toMatch(/another staff member/);
    expect((await paymentOf('1003', '2025-01')).status).toBe('pending');
    const other = await approve(tok.admin, p.id);
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().status).toBe('approved');
  });

  it('within 48 hours of a change, a payout needs two distinct staff approvals; a hold starts over', async () => {
    expect((await call(tok.multi, 'PUT', '/api/payment-settings', '1001', FIRST)).statusCode).toBe(200);
    expect((await call(tok.multi, 'PUT', '/api/payment-settings', '1001', SECOND)).statusCode).toBe(200);
    const p = await paymentOf('1001', '2025-01');

    const first = await approve(tok.staff, p.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'pending', approvals: 1 });
    const twice = await approve(tok.staff, p.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/second staff member/);
    expect((await paymentOf('1001', '2025-01')).status).toBe('pending');

    // A hold clears the approvals given so far.
    expect((await call(tok.staff, 'POST', `/api/payments/${p.id}/hold`, undefined, { reason: 'Check the new account' })).statusCode).toBe(
      200,
    );
    expect((await call(tok.staff, 'POST', `/api/payments/${p.id}/release`)).statusCode).toBe(200);
    expect((await approve(tok.admin, p.id)).json()).toMatchObject({ status: 'pending', approvals: 1 });

    const second = await approve(tok.staff, p.id);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ status: 'approved' });
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('action', 'in', ['payment.approval_recorded', 'payment.approve'])
      .where(sql<boolean>`details->>'paymentId' = ${p.id}`)
      .orderBy('id')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['payment.approval_recorded', 'payment.approval_recorded', 'payment.approve']);
  });

  it('48 hours after the change, one approval releases the payout again', async () => {
    await sql`UPDATE payment_settings SET bank_replaced_at = now() - interval '49 hours' WHERE publisher_id = '1001'`.execute(t.db);
    const p = await paymentOf('1001', '2025-02');
    const res = await approve(tok.staff, p.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('approved');
  });
});
