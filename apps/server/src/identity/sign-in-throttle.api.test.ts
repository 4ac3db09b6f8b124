import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/pool';
import { DEMO, createTestApp, type TestApp } from '../../test/test-app';

// Brute force is stopped per account and per account + address, with growing
// back-off, the same answer for locked and wrong, counters in PostgreSQL, and forwarded addresses
// believed only from configured proxies.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    TRUST_PROXY: '127.0.0.1',
    SIGN_IN_LOCK_AFTER_ACCOUNT_IP: '5',
    SIGN_IN_LOCK_AFTER_ACCOUNT: '8',
    SIGN_IN_LOCK_SECONDS: '60',
  });
});
afterAll(async () => t.close());

async function newUser(email: string): Promise<void> {
  const demo = await t.db.selectFrom('users').select('password_hash').where('email', '=', DEMO.single).executeTakeFirstOrThrow();
  await t.db
    .insertInto('users')
    .values({ email, password_hash: demo.password_hash, publisher_scope: '1001', first_name: 'Test', last_name: 'User' })
    .execute();
}

const attempt = (email: string, password: string, from: { remoteAddress?: string; forwardedFor?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/identity/sign-in',
    remoteAddress: from.remoteAddress ?? '198.51.100.7',
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
    payload: { email, password },
  });

describe('sign-in brute-force protection', () => {
  it('locks the account from one address after 5 failures, with the answer of a wrong password', async () => {
    await newUser('victim1@demo.example');
    const wrong = await attempt('victim1@demo.example', 'guess-0');
    for (let i = 1; i < 5; i++) expect((await attempt('victim1@demo.example', `guess-${i}`)).statusCode).toBe(401);
    const right = await attempt('victim1@demo.example', DEMO.password);
    expect(right.statusCode).toBe(401);
    expect(right.body).toBe(wrong.body);
    // From another address the owner still signs in; so do colleagues behind the attacker's address.
    expect((await attempt('victim1@demo.example', DEMO.password, { remoteAddress: '203.0.113.20' })).statusCode).toBe(200);
    expect((await attempt(DEMO.multi, DEMO.password)).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a peer that is not a configured proxy', async () => {
    await newUser('victim2@demo.example');
    for (let i = 0; i < 5; i++) {
      await attempt('victim2@demo.example', `guess-${i}`, { remoteAddress: '198.51.100.8', forwardedFor: `10.1.0.${i}` });
    }
    const right = await attempt('victim2@demo.example', DEMO.password, { remoteAddress: '198.51.100.8', forwardedFor: '10.1.0.99' });
    expect(right.statusCode).toBe(401);
  });

  it('believes X-Forwarded-For from a configured proxy, and rotating addresses still locks the account', async () => {
    await newUser('victim3@demo.example');
    const viaProxy = (password: string, client: string) =>
      attempt('victim3@demo.example', password, { remoteAddress: '127.0.0.1', forwardedFor: client });
    // 5 failures from one client behind the proxy lock that client only.
    for (let i = 0; i < 5; i++) await viaProxy(`guess-${i}`, '203.0.113.5');
    expect((await viaProxy(DEMO.password, '203.0.113.5')).statusCode).toBe(401);
    expect((await viaProxy(DEMO.password, '203.0.113.6')).statusCode).toBe(200);
    // Success forgot the account's count; 8 failures from 8 addresses lock the account everywhere.
    for (let i = 0; i < 8; i++) await viaProxy(`guess-${i}`, `192.0.2.${i + 1}`);
    expect((await viaProxy(DEMO.password, '192.0.2.200')).statusCode).toBe(401);
    expect((await attempt('victim3@demo.example', DEMO.password, { remoteAddress: '203.0.113.99' })).statusCode).toBe(401);
  });

  it('doubles the wait with every failure after the lock ends (growing back-off)', async () => {
    await newUser('victim4@demo.example');
    for (let i = 0; i < 5; i++) await attempt('victim4@demo.example', `guess-${i}`);
    const key = 'ai:victim4@demo.example|198.51.100.7';
    const lockOf = async () => {
      const row = await t.db.selectFrom('sign_in_throttle').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
      return (row.locked_until!.getTime() - row.last_failure_at.getTime()) / 1000;
    };
    expect(await lockOf()).toBe(60);
    // The lock runs out; the next failure locks for twice as long, the one after for four times.
    await t.db
      .updateTable('sign_in_throttle')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('key', '=', key)
      .execute();
    await attempt('victim4@demo.example', 'guess-5');
    expect(await lockOf()).toBe(120);
    await t.db
      .updateTable('sign_in_throttle')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('key', '=', key)
      .execute();
    await attempt('victim4@demo.example', 'guess-6');
    expect(await lockOf()).toBe(240);
    // Attempts while locked are refused without counting (the attacker cannot extend it for ever).
    await attempt('victim4@demo.example', 'guess-7');
    expect(await lockOf()).toBe(240);
  });

  it('keeps the counters in PostgreSQL: another server process sees the lock', async () => {
    await newUser('victim5@demo.example');
    for (let i = 0; i < 5; i++) await attempt('victim5@demo.example', `guess-${i}`);
    const logger = pino({ level: 'silent' });
    const handle = openDatabase(t.databaseUrl, logger, 2);
    const other = await buildApp({ config: t.config, db: handle.db, logger, startWorkers: false });
    try {
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/identity/sign-in',
        remoteAddress: '198.51.100.7',
        payload: { email: 'victim5@demo.example', password: DEMO.password },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await other.app.close();
      await handle.close();
    }
  });

  it('counts wrong current passwords on re-authentication too', async () => {
    await newUser('victim6@demo.example');
    const s = (await attempt('victim6@demo.example', DEMO.password)).json() as { idToken: string };
    const reauth = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/identity/reauthenticate',
        remoteAddress: '198.51.100.7',
        headers: { authorization: `Bearer ${s.idToken}` },
        payload: { password },
      });
    for (let i = 0; i < 5; i++) expect((await reauth(`guess-${i}`)).statusCode).toBe(400);
    expect((await reauth(DEMO.password)).statusCode).toBe(400);
  });
});

describe('TRUST_PROXY', () => {
  it('refuses "true" (trusting any peer) and accepts hop counts and addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });
});
