import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { TEST_PAYMENT_DETAILS_KEYS } from '../../../test/test-keys';
import { createDetailsCipher } from './details-cipher';
import { createSecretBox } from '../../lib/keys/secret-box';
import { resealPaymentDetails } from './reencrypt';

let t: TestApp;
let multi: string;
let single: string;
let staff: string;
const IBAN = 'DE89370400440532013000';
const good = {
  method: 'bank_transfer',
  beneficiaryName: 'Evergreen Digital plc',
  payoutCurrency: 'EUR',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  vatNumber: 'DE136695976',
};

beforeAll(async () => {
  t = await createTestApp();
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  single = (await signIn(t.app, DEMO.single)).idToken;
  staff = (await signIn(t.app, DEMO.staff)).idToken;
});
afterAll(async () => t.close());
afterEach(() => vi.useRealTimers());

const put = (token: string, publisher: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/payment-settings', headers: bearer(token, publisher), payload });

describe('payment settings', () => {
  it('needs the current password re-entered within five minutes (the re-authentication flow)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 });
    const stale = await put(multi, '1003', good);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().name).toBe('RequiresRecentLogin');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/identity/reauthenticate',
      headers: bearer(multi, '1003'),
      payload: { password: 'nope-nope-nope' },
    });
    expect(wrong.statusCode).toBe(400);
    const re = await t.app.inject({
      method: 'POST',
      url: '/api/identity/reauthenticate',
      headers: bearer(multi, '1003'),
      payload: { password: DEMO.password },
    });
    expect(re.statusCode).toBe(200);
    const fresh = await put(re.json().idToken, '1003', good);
    expect(fresh.statusCode).toBe(200);
  });

  it('stores ciphertext, not the IBAN, and answers masked to the owner and to staff', async () => {
    const res = await put(multi, '1003', good);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('0532013000');
    expect(res.json()).toMatchObject({
      configured: true,
      accountMasked: '•••• 3000',
      bicMasked: '•••• FXXX',
      vatNumber: 'DE136695976',
      payoutCurrency: 'EUR',
    });
    const row = await t.db.selectFrom('payment_settings').selectAll().where('publisher_id', '=', '1003').executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(IBAN);
    expect(JSON.stringify(row)).not.toContain('COBADEFF');
    // Sealed with the configured key (test support's), never one derived from the source.
    expect(row.bank_ciphertext).toMatch(/^v1\.test\./);
    expect(JSON.parse(createDetailsCipher(TEST_PAYMENT_DETAILS_KEYS).decrypt(row.bank_ciphertext, '1003')).iban).toBe(IBAN);
    // Bound to its publisher: the same ciphertext does not open as another publisher's.
    expect(() => createDetailsCipher(TEST_PAYMENT_DETAILS_KEYS).decrypt(row.bank_ciphertext, '1001')).toThrow();
    const asStaff = await t.app.inject({ method: 'GET', url: '/api/payment-settings', headers: bearer(staff, '1003') });
    expect(asStaff.json().accountMasked).toBe('•••• 3000');
    expect(asStaff.body).not.toContain(IBAN);
    const audit = await t.db.selectFrom('audit_log').select('details').where('action', '=', 'payment_settings.update').execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(IBAN);
  });

  it('e-mails every user of the publisher about the change', async () => {
    const changed = await put(multi, '1003', { ...good, iban: 'GB29 NWBK 6016 1331 9268 19', bic: 'NWBKGB2L' });
    expect(changed.statusCode, changed.body).toBe(200);
    while ((await t.built.workers.paymentSettingsMails.drain()) > 0);
    const mails = await t.db
      .selectFrom('outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('subject', 'like', '%payment settings%')
      .execute();
    expect(mails.map((m) => m.to_address)).toContain(DEMO.multi);
    expect(mails.map((m) => m.to_address)).not.toContain(DEMO.single);
    expect(mails.map((m) => m.text_body).join('\n')).toContain('6819');
    expect(mails.some((m) => m.text_body.includes('NWBK60161331926819'))).toBe(false);
  });

  it('validates IBAN, BIC, VAT and the PayPal alternative with a fields map', async () => {
    const bad = await put(multi, '1003', { ...good, iban: 'DE89 3704 0044 0532 0130 01', bic: 'NOTABIC', vatNumber: 'DE123' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['bic', 'iban', 'vatNumber']);
    const noIban = await put(multi, '1003', { ...good, iban: '', accountNumber: '000123456789', routingCode: '' });
    expect(noIban.json().fields).toHaveProperty('routingCode');
    const us = await put(multi, '1003', {
      ...good,
      iban: '',
      accountNumber: '000123456789',
      routingCode: '026009593',
      bic: 'BOFAUS3N',
      vatNumber: '',
    });
    expect(us.statusCode).toBe(200);
    expect(us.json().accountMasked).toBe('•••• 6789');
    const paypal = await put(multi, '1003', { method: 'paypal', beneficiaryName: 'X', payoutCurrency: 'USD', paypalEmail: 'not-an-email' });
    expect(paypal.json().fields).toHaveProperty('paypalEmail');
    expect(paypal.json().fields.paypalEmail).toBe('Email is invalid!');
    const noPaypal = await put(multi, '1003', { method: 'paypal', beneficiaryName: 'X', payoutCurrency: 'USD', paypalEmail: '' });
    expect(noPaypal.statusCode).toBe(400);
    expect(noPaypal.json().fields.paypalEmail).toBe('Email is required!');
    expect((await put(multi, '1003', { ...good, method: 'cheque' })).statusCode).toBe(400);
  });

  it('keeps publishers apart', async () => {
    expect((await put(single, '1003', good)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/payment-settings', headers: bearer(single, '1003') })).statusCode).toBe(403);
    const own = await t.app.inject({ method: 'GET', url: '/api/payment-settings', headers: bearer(single, '1002') });
    expect(own.json()).toMatchObject({ configured: false, accountMasked: null });
  });

  it('accepts a tax form only after re-authentication and only as a PDF of at most 5 MB', async () => {
    const upload = (fileName: string, bytes: Buffer, publisher = '1003') =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment-settings/tax-form',
        headers: bearer(multi, publisher),
        payload: { fileName, contentBase64: bytes.toString('base64') },
      });
    // Like the bank details, the upload needs the password entered in the last five minutes.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 });
    const stale = await upload('w8-ben-e.pdf', Buffer.from('%PDF-1.4\n%%EOF'));
    expect(stale.statusCode).toBe(403);
    expect(stale.json().name).toBe('RequiresRecentLogin');
    vi.useRealTimers();
    expect((await upload('w8.pdf', Buffer.from('GIF89a not a pdf'))).json().fields).toHaveProperty('taxForm');
    expect((await upload('w8.exe', Buffer.from('%PDF-1.4'))).json().fields).toHaveProperty('taxForm');
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 32);
    big.write('%PDF-1.4');
    expect((await upload('big.pdf', big)).json().fields.taxForm).toMatch(/5 MB/);
    expect((await upload('w8.pdf', Buffer.from('%PDF-1.4\n%%EOF'), '1001')).statusCode).toBe(409);
    const ok = await upload('w8-ben-e.pdf', Buffer.from('%PDF-1.4\n%%EOF'));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().taxForm).toMatchObject({ fileName: 'w8-ben-e.pdf', size: 14 });
    const back = await t.app.inject({ method: 'GET', url: '/api/payment-settings/tax-form', headers: bearer(multi, '1003') });
    expect(back.headers['content-type']).toBe('application/pdf');
  });

  it('rotates keys: rows on an old key still open and re-encrypt onto the new one', async () => {
    const k1 = `k1:${Buffer.alloc(32, 1).toString('base64')}`;
    const k2 = `k2:${Buffer.alloc(32, 2).toString('base64')}`;
    const old = createDetailsCipher(k1).encrypt('{"iban":"X"}', 'p');
    const rotated = createDetailsCipher(`${k2},${k1}`);
    expect(rotated.decrypt(old, 'p')).toBe('{"iban":"X"}');
    expect(rotated.keyIdOf(rotated.encrypt('a', 'p'))).toBe('k2');
    expect(() => createDetailsCipher(k2).decrypt(old, 'p')).toThrow(/unknown key/);
    // The stored row moves onto a new first key; a second run has nothing to do.
    const next = createSecretBox(`${k2},${TEST_PAYMENT_DETAILS_KEYS}`);
    expect(await resealPaymentDetails(t.db, next, { rotation: true })).toBeGreaterThan(0);
    expect(await resealPaymentDetails(t.db, next, { rotation: true })).toBe(0);
    const row = await t.db
      .selectFrom('payment_settings')
      .select('bank_ciphertext')
      .where('publisher_id', '=', '1003')
      .executeTakeFirstOrThrow();
    expect(row.bank_ciphertext).toMatch(/^v1\.k2\./);
  });
});
