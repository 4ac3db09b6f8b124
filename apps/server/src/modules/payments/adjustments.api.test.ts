import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

let t: TestApp;
let multi: string;
let single: string;
let staff: string;

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
const settings = {
  method: 'bank_transfer',
  beneficiaryName: 'Beneficiary Ltd',
  payoutCurrency: 'EUR',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
};

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_THRESHOLD_DEFAULT: '100' });
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  single = (await signIn(t.app, DEMO.single)).idToken;
  staff = (await signIn(t.app, DEMO.staff)).idToken;
  await t.built.engine.ingest({
    reportType: 'revenue',
    requests: [],
    sales: [sale('2025-01-05', '1001', '5001', 200), sale('2025-01-06', '1003', '5201', 150)],
  });
  await t.built.engine.setFinalizedThrough('1001', 'revenue', '2025-03-31');
  await t.built.engine.setFinalizedThrough('1003', 'revenue', '2025-03-31');
});
afterAll(async () => t.close());
afterEach(() => vi.useRealTimers());

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string, publisher: string | null, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: publisher ? bearer(token, publisher) : { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
const paymentOf = async (publisherId: string, period: string) =>
  (await call(staff, publisherId, 'GET', '/api/payments')).json().payments.find((p: { period: string }) => p.period === period);
const adjust = (id: string, amount: number, reason = 'Invalid traffic refund', token = staff) =>
  call(token, null, 'POST', `/api/payments/${id}/adjustments`, { amount, reason });

describe('payment threshold chosen by the publisher', () => {
  it('needs saved details, re-authentication and at least the minimum; is audited; the next close uses it', async () => {
    const setThreshold = (token: string, publisher: string, threshold: number) =>
      call(token, publisher, 'PUT', '/api/payment-settings/threshold', { threshold });
    expect((await setThreshold(multi, '1003', 500)).statusCode).toBe(409);
    expect((await call(multi, '1003', 'PUT', '/api/payment-settings', settings)).statusCode).toBe(200);
    expect((await setThreshold(single, '1003', 500)).statusCode).toBe(403);
    const low = await setThreshold(multi, '1003', 50);
    expect(low.statusCode).toBe(400);
    expect(low.json().fields.threshold).toMatch(/100\.00/);
    expect((await call(multi, '1003', 'PUT', '/api/payment-settings/threshold', { threshold: 'lots' })).json().fields).toHaveProperty(
      'threshold',
    );
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 });
    const stale = await setThreshold(multi, '1003', 500);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().name).toBe('RequiresRecentLogin');
    vi.useRealTimers();
    const ok = await setThreshold(multi, '1003', 500);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ threshold: 500, minimumThreshold: 100 });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['details'])
      .where('action', '=', 'payment_settings.threshold')
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ from: 100, to: 500 });
    // E-mailed to the publisher's users like every payment-settings change.
    while ((await t.built.workers.paymentSettingsMails.drain()) > 0);
    const mails = await t.db.selectFrom('outbox').select(['to_address', 'text_body']).where('text_body', 'like', '%threshold%').execute();
    expect(mails.map((m) => m.to_address)).toContain(DEMO.multi);
    expect(mails.map((m) => m.to_address)).not.toContain(DEMO.single);
    expect(mails[0]!.text_body).toContain('from £100.00 to £500.00');

    await call(staff, null, 'POST', '/api/payments/month-close', { period: '2025-01' });
    // 150 is above the provider minimum but below this publisher's 500: it rolls over.
    expect(await paymentOf('1003', '2025-01')).toMatchObject({ status: 'rolled_over', threshold: 500, amount: 0, rolloverOut: 150 });
  });
});

describe('payment adjustments by staff', () => {
  it('adjusts a pending payment with reasons, recomputes it against the threshold, and shows the lines on the statement', async () => {
    const jan = await paymentOf('1001', '2025-01');
    expect(jan).toMatchObject({ status: 'pending', amount: 200 });
    expect((await adjust(jan.id, -50, 'x', multi)).statusCode).toBe(403);
    const tooMuch = await adjust(jan.id, -250);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields.amount).toBe('At most $200.00 can be deducted.');
    expect((await adjust(jan.id, 0)).json().fields).toHaveProperty('amount');
    expect((await adjust(jan.id, 1.234)).json().fields).toHaveProperty('amount');
    expect((await adjust(jan.id, 5, '')).json().fields).toHaveProperty('reason');

    expect((await adjust(jan.id, -50, 'Invalid traffic')).json()).toMatchObject({ status: 'pending', adjustments: -50, amount: 150 });
    // Below the 100 threshold: the month rolls over (February is still open).
    expect((await adjust(jan.id, -120, 'Chargeback')).json()).toMatchObject({ status: 'rolled_over', amount: 0, rolloverOut: 30 });
    expect((await adjust(jan.id, 80, 'Make-good credit')).json()).toMatchObject({
      status: 'pending',
      adjustments: -90,
      amount: 110,
      rolloverOut: 0,
    });
    const lines = (await call(staff, '1001', 'GET', `/api/payments/${jan.id}/adjustments`)).json();
    expect(lines.map((l: { amount: number; reason: string }) => [l.amount, l.reason])).toEqual([
      [-50, 'Invalid traffic'],
      [-120, 'Chargeback'],
      [80, 'Make-good credit'],
    ]);
    expect(lines[0].createdBy).toBe(DEMO.staff);
    const audits = await t.db.selectFrom('audit_log').select('action').where('action', '=', 'payment.adjust').execute();
    expect(audits).toHaveLength(3);

    const csv = (await call(multi, '1001', 'GET', `/api/payments/${jan.id}/statement.csv`)).body;
    expect(csv).toContain('Adjustment: Invalid traffic,-50.00');
    expect(csv).toContain('Adjustment: Make-good credit,80.00');
    expect(csv).toContain('Adjustments,-90.00');
    expect(csv).toContain('Amount payable,110.00');
    const pdf = await call(multi, '1001', 'GET', `/api/payments/${jan.id}/statement.pdf`);
    expect(pdf.statusCode).toBe(200);
  });

  it('refuses approved payments and rollovers already carried into a closed month (409)', async () => {
    const jan = await paymentOf('1001', '2025-01');
    expect((await call(multi, '1001', 'PUT', '/api/payment-settings', settings)).statusCode).toBe(200);
    expect((await call(staff, null, 'POST', `/api/payments/${jan.id}/approve`)).statusCode).toBe(200);
    const approved = await adjust(jan.id, -10);
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toMatch(/hold/);
    // Held, it can be adjusted again and stays held.
    await call(staff, null, 'POST', `/api/payments/${jan.id}/hold`, { reason: 'Checking traffic' });
    expect((await adjust(jan.id, -10)).json()).toMatchObject({ status: 'on_hold', amount: 100 });

    const rolled = await paymentOf('1003', '2025-01');
    await call(staff, null, 'POST', '/api/payments/month-close', { period: '2025-02' });
    const carried = await adjust(rolled.id, 400, 'Late credit');
    expect(carried.statusCode).toBe(409);
    expect(carried.json().message).toMatch(/Feb 2025/);
    // Nothing was written by the refused adjustments.
    const count = await t.db
      .selectFrom('payment_adjustments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
  });
});

describe("the publisher's adjustment lines", () => {
  it('are read under the checked publisher: 403 outside the scope, 404 for another publisher, staff names only for staff', async () => {
    const jan = await paymentOf('1001', '2025-01');
    expect(jan.adjustmentLines).toBe(4);
    const mine = await call(multi, '1001', 'GET', `/api/payments/${jan.id}/adjustments`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((l: { amount: number }) => l.amount)).toEqual([-50, -120, 80, -10]);
    // Who adjusted is internal: a publisher sees the lines, not the staff member's address.
    expect(mine.json().every((l: { createdBy: unknown; editedBy: unknown }) => l.createdBy === null && l.editedBy === null)).toBe(true);
    expect((await call(single, '1001', 'GET', `/api/payments/${jan.id}/adjustments`)).statusCode).toBe(403);
    expect((await call(single, '1002', 'GET', `/api/payments/${jan.id}/adjustments`)).statusCode).toBe(404);
    expect((await call(multi, '1003', 'GET', `/api/payments/${jan.id}/adjustments`)).statusCode).toBe(404);
    expect((await call(multi, '1001', 'GET', '/api/payments/not-a-payment/adjustments')).statusCode).toBe(404);
    expect((await call(multi, null, 'GET', `/api/payments/${jan.id}/adjustments`)).statusCode).toBe(403);
    const asStaff = (await call(staff, '1001', 'GET', `/api/payments/${jan.id}/adjustments`)).json();
    expect(asStaff[0].createdBy).toBe(DEMO.staff);
    // A payment without adjustments answers an empty list.
    const rolled = await paymentOf('1003', '2025-01');
    expect(rolled.adjustmentLines).toBe(0);
    expect((await call(multi, '1003', 'GET', `/api/payments/${rolled.id}/adjustments`)).json()).toEqual([]);
  });
});

describe('staff correct an adjustment line', () => {
  const edit = (paymentId: string, lineId: string, amount: unknown, reason: unknown, token = staff) =>
    call(token, null, 'PUT', `/api/payments/${paymentId}/adjustments/${lineId}`, { amount, reason });
  const linesOf = async (paymentId: string) =>
    (await call(staff, '1001', 'GET', `/api/payments/${paymentId}/adjustments`)).json() as {
      id: string;
      amount: number;
      reason: string;
      editedBy: string | null;
      editedAt: string | null;
    }[];
  const audits = () =>
    t.db.selectFrom('audit_log').select(['details', 'actor_user_id']).where('action', '=', 'payment.adjustment_edit').execute();

  it('recomputes the payment by the difference, audits before and after, and writes nothing it refuses', async () => {
    const jan = await paymentOf('1001', '2025-01');
    expect(jan).toMatchObject({ status: 'on_hold', amount: 100, adjustments: -100 });
    const [invalid, chargeback, credit] = await linesOf(jan.id);

    expect((await edit(jan.id, credit!.id, 90, 'Make-good credit', multi)).statusCode).toBe(403);
    expect((await edit(jan.id, credit!.id, 0, 'Make-good credit')).json().fields).toHaveProperty('amount');
    expect((await edit(jan.id, credit!.id, 90, ' ')).json().fields).toHaveProperty('reason');
    expect((await edit(jan.id, '00000000-0000-4000-8000-000000000000', 90, 'Make-good credit')).statusCode).toBe(404);
    const other = await paymentOf('1003', '2025-01');
    expect((await edit(other.id, credit!.id, 90, 'Make-good credit')).statusCode).toBe(404);

    const ok = await edit(jan.id, credit!.id, 90, 'Make-good credit (outage)');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'on_hold', adjustments: -90, amount: 110, adjustmentLines: 4 });
    const after = await linesOf(jan.id);
    expect(after[2]).toMatchObject({ id: credit!.id, amount: 90, reason: 'Make-good credit (outage)', editedBy: DEMO.staff });
    expect(after[2]!.editedAt).toEqual(expect.any(String));
    expect(after[0]!.editedAt).toBeNull();
    const rows = await audits();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toMatchObject({
      paymentId: jan.id,
      adjustmentId: credit!.id,
      before: { amount: 80, reason: 'Make-good credit' },
      after: { amount: 90, reason: 'Make-good credit (outage)' },
      total: 110,
    });
    // The statement follows the corrected line.
    const csv = (await call(multi, '1001', 'GET', `/api/payments/${jan.id}/statement.csv`)).body;
    expect(csv).toContain('Adjustment: Make-good credit (outage),90.00');
    expect(csv).toContain('Amount payable,110.00');

    // Saving the same values changes and audits nothing.
    expect((await edit(jan.id, credit!.id, 90, 'Make-good credit (outage)')).statusCode).toBe(200);
    expect(await audits()).toHaveLength(1);

    // Too big a deduction: 400 naming what this line may deduct (110 now, the line already -120).
    const negative = await edit(jan.id, chargeback!.id, -400, 'Chargeback');
    expect(negative.statusCode).toBe(400);
    expect(negative.json().fields.amount).toMatch(/230\.00/);
    // Below the threshold while February is already closed: 409, the line keeps its amount.
    const below = await edit(jan.id, invalid!.id, -70, 'Invalid traffic');
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toMatch(/Feb 2025/);
    expect((await linesOf(jan.id)).map((l) => l.amount)).toEqual([-50, -120, 90, -10]);
    expect(await paymentOf('1001', '2025-01')).toMatchObject({ amount: 110, adjustments: -90 });
    expect(await audits()).toHaveLength(1);
  });

  it('refuses an approved payment (409) until it is held again', async () => {
    const jan = await paymentOf('1001', '2025-01');
    expect((await call(staff, null, 'POST', `/api/payments/${jan.id}/release`)).statusCode).toBe(200);
    expect((await call(staff, null, 'POST', `/api/payments/${jan.id}/approve`)).statusCode).toBe(200);
    const [first] = await linesOf(jan.id);
    const refused = await edit(jan.id, first!.id, -40, 'Invalid traffic');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/hold/);
    expect((await linesOf(jan.id))[0]!.amount).toBe(-50);
    expect(await audits()).toHaveLength(1);
  });
});
