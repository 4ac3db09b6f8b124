import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app';
import { openDatabase, type Db, type DatabaseHandle } from '../../db/pool';
import { forbidden, type HttpError } from '../http-error';
import { createIssuedKeyStore, hashSecret, issuedKeyDates, type IssuedKeyDeps } from './index';

// The store against a real database (its SQL is half of it), with the publisher lock and the
// audit writer recorded instead of the modules' own, so each rule is seen on its own.
let database: { url: string; drop(): Promise<void> };
let handle: DatabaseHandle;
let db: Db;
let actor: string;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = openDatabase(database.url, pino({ level: 'silent' }), 3);
  db = handle.db;
  actor = (await db.selectFrom('users').select('id').orderBy('email').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await handle.close();
  await database.drop();
});

function recorder() {
  const calls: string[] = [];
  const audits: { action: string; publisherId: string; details: Record<string, unknown> }[] = [];
  const deps: IssuedKeyDeps = {
    lockPublisher: async (_trx, publisherId) => void calls.push(`lock ${publisherId}`),
    audit: async (_trx, e) => void audits.push({ action: e.action, publisherId: e.publisherId, details: e.details }),
  };
  return { calls, audits, deps };
}

const feedKind = { table: 'blocking_feed_keys', secretPrefix: 'pcf_', noun: 'feed key', audit: 'feed', extraColumns: [] } as const;
const noLimit = async () => {};
const statusOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: HttpError) => `${e.statusCode} ${e.message}`,
  );

describe('issued-key store', () => {
  it('issues a prefixed secret once and keeps only its hash and a 12-character prefix, under the publisher lock, audited', async () => {
    const r = recorder();
    const store = createIssuedKeyStore(feedKind, r.deps);
    const { key, secret } = await store.issue(db, { actor, publisherId: '1001', name: 'Ad server', extra: {}, assertBelowLimit: noLimit });
    expect(secret).toMatch(/^pcf_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      publisher_id: '1001',
      name: 'Ad server',
      prefix: secret.slice(0, 12),
      revoked_at: null,
      last_used_at: null,
    });
    const row = await db.selectFrom('blocking_feed_keys').selectAll().where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashSecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(r.calls).toEqual(['lock 1001']);
    expect(r.audits).toEqual([{ action: 'feed.create', publisherId: '1001', details: { id: key.id, name: 'Ad server' } }]);
    expect((await store.list(db, '1001')).map((k) => k.id)).toContain(key.id);
    expect(await store.list(db, '1002')).toEqual([]);
  });

  it('hands the active count to the limit, and a refusal stores and audits nothing', async () => {
    const r = recorder();
    const store = createIssuedKeyStore(feedKind, r.deps);
    const before = (await store.list(db, '1002')).length;
    const seen: number[] = [];
    const refuse = async (_trx: Db, active: number) => {
      seen.push(active);
      if (active >= 1) throw forbidden('One is enough.');
    };
    await store.issue(db, { actor, publisherId: '1002', name: 'First', extra: {}, assertBelowLimit: refuse });
    expect(await statusOf(store.issue(db, { actor, publisherId: '1002', name: 'Second', extra: {}, assertBelowLimit: refuse }))).toBe(
      '403 One is enough.',
    );
    expect(seen).toEqual([before, before + 1]);
    expect((await store.list(db, '1002')).map((k) => k.name)).toEqual(['First']);
    expect(r.audits.map((a) => a.details.name)).toEqual(['First']);
  });

  it("stores and returns a kind's own columns, and audits them on creation", async () => {
    const r = recorder();
    const store = createIssuedKeyStore<{ access: 'read' | 'read_write' }>(
      { table: 'api_keys', secretPrefix: 'pck_', noun: 'API key', audit: 'api', extraColumns: ['access'] },
      r.deps,
    );
    const { key, secret } = await store.issue(db, {
      actor,
      publisherId: '1001',
      name: 'BI',
      extra: { access: 'read' },
      assertBelowLimit: noLimit,
    });
    expect(key.access).toBe('read');
    expect(r.audits[0]!.details).toEqual({ id: key.id, name: 'BI', access: 'read' });
    expect(await store.verify(db, secret)).toMatchObject({ id: key.id, publisher_id: '1001', access: 'read', created_by: actor });
  });

  it('verifies a live secret with its creator, marks use at most once a minute, and forgets it once revoked', async () => {
    const r = recorder();
    const store = createIssuedKeyStore(feedKind, r.deps);
    const { key, secret } = await store.issue(db, { actor, publisherId: '1001', name: 'Poller', extra: {}, assertBelowLimit: noLimit });
    expect(store.isOwnBearer(secret)).toBe(true);
    expect(store.isOwnBearer('pck_other')).toBe(false);
    expect(store.isOwnBearer(undefined)).toBe(false);
    const live = await store.verify(db, secret);
    expect(live).toMatchObject({ id: key.id, publisher_id: '1001', created_by: actor, creator_disabled: false });
    expect(live!.creator_email).toMatch(/@/);
    expect(await store.verify(db, `${secret}x`)).toBeUndefined();

    await store.markUsed(db, key.id);
    const first = (await store.list(db, '1001')).find((k) => k.id === key.id)!.last_used_at;
    expect(first).not.toBeNull();
    await store.markUsed(db, key.id);
    expect((await store.list(db, '1001')).find((k) => k.id === key.id)!.last_used_at).toEqual(first);

    const revoked = await store.revoke(db, { actor, publisherId: '1001', id: key.id });
    expect(revoked.revoked_at).not.toBeNull();
    expect(issuedKeyDates(revoked).revokedAt).toBe(revoked.revoked_at!.toISOString());
    expect(r.audits.at(-1)).toEqual({ action: 'feed.revoke', publisherId: '1001', details: { id: key.id, name: 'Poller' } });
    expect(await store.verify(db, secret)).toBeUndefined();
  });

  it("answers a malformed, unknown, other publisher's or revoked key by the kind's rules", async () => {
    const hidden = createIssuedKeyStore(feedKind, recorder().deps);
    const refused = createIssuedKeyStore({ ...feedKind, othersKey: () => forbidden('Not yours.') }, recorder().deps);
    const { key } = await hidden.issue(db, { actor, publisherId: '1001', name: 'Theirs', extra: {}, assertBelowLimit: noLimit });
    const revoke = (store: typeof hidden, publisherId: string, id: string) => statusOf(store.revoke(db, { actor, publisherId, id }));
    expect(await revoke(hidden, '1001', 'not-a-uuid')).toBe('404 No such feed key.');
    expect(await revoke(hidden, '1001', '00000000-0000-0000-0000-000000000000')).toBe('404 No such feed key.');
    expect(await revoke(hidden, '1002', key.id)).toBe('404 No such feed key.');
    expect(await revoke(refused, '1002', key.id)).toBe('403 Not yours.');
    expect(await revoke(hidden, '1001', key.id)).toBe('ok');
    expect(await revoke(hidden, '1001', key.id)).toBe('404 This feed key is revoked already.');
  });
});
