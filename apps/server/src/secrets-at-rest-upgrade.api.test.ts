import { spawn } from 'node:child_process';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../test/test-app';
import { TEST_PAYMENT_DETAILS_KEYS } from '../test/test-keys';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';
import { verifyWebhook } from './lib/webhooks';
import { demoKeyFile, resolveSecretKeys } from './lib/keys/key-store';
import { createSecretBox } from './lib/keys/secret-box';
import { upgradeSecretsAtRest } from './secrets-at-rest-upgrade';

let t: TestApp;
let receiver: WebhookReceiver;
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'pc-keys-'));
  dirs.push(d);
  return d;
};

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_RETRY_BASE_MS: '0' });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Runs main.ts until it exits (or 90 s pass); its exit code and stderr. */
function startMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: { ...process.env, DATABASE_URL: '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('no key in the source', () => {
  it('a start that is not the demo refuses without PAYMENT_DETAILS_KEYS, naming the setting', async () => {
    const r = await startMain({ NODE_ENV: 'development', DEMO_DATA: 'false', PAYMENT_DETAILS_KEYS: '', DATA_DIR: tempDir() });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('PAYMENT_DETAILS_KEYS is not set');
    expect(r.stderr).toContain('id:base64 of a 32-byte key');
  }, 120_000);

  it('the demo generates a random key into its data folder (0600) on its first start and reuses it', () => {
    const demo = { PAYMENT_DETAILS_KEYS: null, DEMO_DATA: true, NODE_ENV: 'development', DATA_DIR: tempDir() };
    const first = resolveSecretKeys(demo);
    expect(statSync(demoKeyFile(demo.DATA_DIR)).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(demoKeyFile(demo.DATA_DIR))).mode & 0o077).toBe(0);
    expect(readFileSync(demoKeyFile(demo.DATA_DIR), 'utf8').trim()).toBe(first);
    expect(resolveSecretKeys(demo)).toBe(first);
    // Another demo folder, another key; and none is the key earlier builds derived from their source.
    const other = resolveSecretKeys({ ...demo, DATA_DIR: tempDir() });
    expect(other).not.toBe(first);
    const legacy = createHash('sha256').update('partners-center-local-development-only').digest('base64');
    expect(first).not.toContain(legacy);
    expect(() => createSecretBox(null)).toThrow(/PAYMENT_DETAILS_KEYS/);
    // Production never generates one, even with demo data asked for.
    expect(() => resolveSecretKeys({ ...demo, NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(/PAYMENT_DETAILS_KEYS is not set/);
  });
});

describe('webhook signing secrets at rest', () => {
  it('are stored sealed with the configured key, and deliveries are still signed with the secret', async () => {
    const multi = (await signIn(t.app, DEMO.multi)).idToken;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/webhooks',
      headers: bearer(multi, '1001'),
      payload: { name: 'Sealed', url: receiver.url('/hooks'), format: 'json', events: ['incident.opened'], enabled: true },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { subscription, secret } = created.json() as { subscription: { id: string; secretPrefix: string }; secret: string };
    expect(subscription.secretPrefix).toBe(secret.slice(0, 10));
    const row = await t.db.selectFrom('webhook_subscriptions').select('secret').where('id', '=', subscription.id).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret.slice(6));
    expect(row.secret).toMatch(/^v1\.test\./);

    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/integrations/webhooks/${subscription.id}/test`,
      headers: bearer(multi, '1001'),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const delivery = await t.db
      .selectFrom('webhook_deliveries')
      .select('secret')
      .where('target_id', '=', subscription.id)
      .executeTakeFirstOrThrow();
    expect(delivery.secret).not.toContain(secret.slice(6));
    while ((await t.built.workers.webhookDeliveries.drain()) > 0);
    expect(receiver.received).toHaveLength(1);
    expect(verifyWebhook(secret, receiver.received[0]!.headers, receiver.received[0]!.body)).toBe(true);
  });

  it('rows an earlier build left (secrets in the clear, bank details on the source key) are sealed at start', async () => {
    // The template's demo webhook was written in the clear by seedDemo: the app's start sealed it.
    const demoHook = await t.db
      .selectFrom('webhook_subscriptions')
      .select('secret')
      .where('name', '=', 'Ops alerts')
      .executeTakeFirstOrThrow();
    expect(demoHook.secret).toMatch(/^v1\.test\./);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/integrations/webhooks',
      headers: bearer((await signIn(t.app, DEMO.multi)).idToken, '1001'),
    });
    expect(list.json().subscriptions.find((s: { name: string }) => s.name === 'Ops alerts').secretPrefix).toMatch(/^whsec_/);

    // Bank details as earlier builds sealed them without the setting: with a key derived from a constant.
    const legacyKey = createHash('sha256').update('partners-center-local-development-only').digest();
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', legacyKey, iv);
    c.setAAD(Buffer.from('1002'));
    const data = Buffer.concat([c.update(JSON.stringify({ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }), 'utf8'), c.final()]);
    const legacy = ['v1', 'dev', iv.toString('base64url'), c.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    await t.db
      .insertInto('payment_settings')
      .values({
        publisher_id: '1002',
        method: 'bank_transfer',
        beneficiary_name: 'Old',
        payout_currency: 'EUR',
        bank_ciphertext: legacy,
        bank_last4: '3000',
      })
      .onConflict((oc) => oc.column('publisher_id').doUpdateSet({ bank_ciphertext: legacy }))
      .execute();
    const box = createSecretBox(TEST_PAYMENT_DETAILS_KEYS);
    expect((await upgradeSecretsAtRest(t.db, box, { rotation: false })).paymentDetails).toBe(1);
    const after = await t.db
      .selectFrom('payment_settings')
      .select('bank_ciphertext')
      .where('publisher_id', '=', '1002')
      .executeTakeFirstOrThrow();
    expect(after.bank_ciphertext).toMatch(/^v1\.test\./);
    expect(JSON.parse(box.open(after.bank_ciphertext, '1002')).iban).toBe('DE89370400440532013000');
    // The source key only ever opens rows for this upgrade: the ring itself does not accept it.
    expect(() => box.open(legacy, '1002')).toThrow(/unknown key/);
    expect(await upgradeSecretsAtRest(t.db, box, { rotation: false })).toEqual({ paymentDetails: 0, webhookSecrets: 0 });
  });
});
