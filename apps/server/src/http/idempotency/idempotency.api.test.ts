import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

let t: TestApp;
let multi: string;
let single: string;

beforeAll(async () => {
  t = await createTestApp();
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  single = (await signIn(t.app, DEMO.single)).idToken;
});
afterAll(async () => t.close());

const rule = (name: string) => ({ name, type: 'brand', values: ['AcmeBank'], siteIds: null, expiresAt: null });
const create = (token: string, key: string | undefined, body: object, publisher = '1001') =>
  t.app.inject({
    method: 'POST',
    url: '/api/blocking-rules',
    headers: { ...bearer(token, publisher), ...(key !== undefined ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
const rowsNamed = async (name: string) => (await t.db.selectFrom('blocking_rules').select('id').where('name', '=', name).execute()).length;

describe('Idempotency-Key', () => {
  it('a retried create makes one row and the retry gets the first answer', async () => {
    const first = await create(multi, 'key-create-1', rule('Idempotent rule'));
    expect(first.statusCode).toBe(200);
    const retry = await create(multi, 'key-create-1', rule('Idempotent rule'));
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await rowsNamed('Idempotent rule')).toBe(1);
    const audits = await t.db.selectFrom('audit_log').select('id').where('action', '=', 'blocking_rule.create').execute();
    const forRule = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'blocking_rule.create')
      .where(({ eb, ref }) => eb(eb.cast(ref('details'), 'text'), 'like', `%${first.json().rule.id}%`))
      .execute();
    expect(audits.length).toBeGreaterThan(0);
    expect(forRule).toHaveLength(1);
  });

  it('concurrent repeats of one key still make one row', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => create(multi, 'key-concurrent', rule('Concurrent rule'))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().rule.id)).size).toBe(1);
    expect(await rowsNamed('Concurrent rule')).toBe(1);
  });

  it('without a key, or with a new key, each write runs', async () => {
    await create(multi, undefined, rule('Keyless rule'));
    await create(multi, undefined, rule('Keyless rule'));
    expect(await rowsNamed('Keyless rule')).toBe(2);
    await create(multi, 'key-a', rule('Two keys rule'));
    await create(multi, 'key-b', rule('Two keys rule'));
    expect(await rowsNamed('Two keys rule')).toBe(2);
  });

  it('is scoped per user: the same key from another user runs their own write', async () => {
    const a = await create(multi, 'shared-key', rule('Multi rule'), '1001');
    const b = await create(single, 'shared-key', rule('Single rule'), '1002');
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json().rule.name).toBe('Single rule');
    expect(await rowsNamed('Single rule')).toBe(1);
  });

  it('refuses a key reused for a different request (422) and a malformed key (400)', async () => {
    await create(multi, 'key-reuse', rule('Reuse one'));
    const other = await create(multi, 'key-reuse', rule('Reuse two'));
    expect(other.statusCode).toBe(422);
    expect(other.json().name).toBe('IdempotencyKeyReused');
    expect(await rowsNamed('Reuse two')).toBe(0);
    const bad = await create(multi, 'has space', rule('Bad key'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('Idempotency-Key');
    expect(await rowsNamed('Bad key')).toBe(0);
  });

  it('a request refused by validation claims nothing: the fixed request may use the key', async () => {
    const invalid = await create(multi, 'key-invalid', { name: '' });
    expect(invalid.statusCode).toBe(400);
    const valid = await create(multi, 'key-invalid', rule('After invalid'));
    expect(valid.statusCode).toBe(200);
    expect(await rowsNamed('After invalid')).toBe(1);
  });

  it('a process dying between the commit and storing the answer does not let a late retry write again', async () => {
    // The fault: storing the answer fails (as if the process died right after the write committed).
    await sql`CREATE FUNCTION fail_answer() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected: process died before storing the answer'; END $$`.execute(t.db);
    await sql`CREATE TRIGGER fail_answer BEFORE UPDATE ON idempotency_keys
      FOR EACH ROW WHEN (NEW.completed_at IS NOT NULL) EXECUTE FUNCTION fail_answer()`.execute(t.db);
    try {
      const first = await create(multi, 'key-crash', rule('Crash rule'));
      expect(first.statusCode).toBe(200);
    } finally {
      await sql`DROP TRIGGER fail_answer ON idempotency_keys`.execute(t.db);
      await sql`DROP FUNCTION fail_answer()`.execute(t.db);
    }
    expect(await rowsNamed('Crash rule')).toBe(1);
    // The retry comes after the claim would count as abandoned (a dead process's claim).
    await t.db
      .updateTable('idempotency_keys')
      .set({ created_at: sql<Date>`now() - interval '10 minutes'` })
      .where('key', '=', 'key-crash')
      .execute();
    const retry = await create(multi, 'key-crash', rule('Crash rule'));
    expect(retry.statusCode).toBe(409);
    expect(retry.json().name).toBe('IdempotentWriteDone');
    expect(await rowsNamed('Crash rule')).toBe(1);
  });

  it('a write whose transaction rolled back leaves the key free: the retry writes once', async () => {
    // The fault: the write itself fails inside its transaction (a 5xx), so the mark rolls back too.
    await sql`CREATE FUNCTION fail_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected: the write failed'; END $$`.execute(t.db);
    await sql`CREATE TRIGGER fail_write BEFORE INSERT ON blocking_rules FOR EACH ROW EXECUTE FUNCTION fail_write()`.execute(t.db);
    try {
      const failed = await create(multi, 'key-rollback', rule('Rollback rule'));
      expect(failed.statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER fail_write ON blocking_rules`.execute(t.db);
      await sql`DROP FUNCTION fail_write()`.execute(t.db);
    }
    expect(await t.db.selectFrom('idempotency_keys').select('key').where('key', '=', 'key-rollback').execute()).toEqual([]);
    const retry = await create(multi, 'key-rollback', rule('Rollback rule'));
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await rowsNamed('Rollback rule')).toBe(1);
    const row = await t.db
      .selectFrom('idempotency_keys')
      .select('write_committed_at')
      .where('key', '=', 'key-rollback')
      .executeTakeFirstOrThrow();
    expect(row.write_committed_at).toBeInstanceOf(Date);
  });

  it('a write made outside a service transaction (sign in as partner) is marked too: a late retry writes nothing', async () => {
    const admin = (await signIn(t.app, DEMO.admin)).idToken;
    const impersonate = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/impersonate',
        headers: { ...bearer(admin), 'idempotency-key': 'key-impersonate' },
        payload: { publisherId: '1001', reason: 'Checking a report' },
      });
    const starts = async () =>
      (await t.db.selectFrom('audit_log').select('id').where('action', '=', 'impersonation.start').execute()).length;
    const before = await starts();
    await sql`CREATE FUNCTION fail_answer() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected: process died before storing the answer'; END $$`.execute(t.db);
    await sql`CREATE TRIGGER fail_answer BEFORE UPDATE ON idempotency_keys
      FOR EACH ROW WHEN (NEW.completed_at IS NOT NULL) EXECUTE FUNCTION fail_answer()`.execute(t.db);
    try {
      expect((await impersonate()).statusCode).toBe(200);
    } finally {
      await sql`DROP TRIGGER fail_answer ON idempotency_keys`.execute(t.db);
      await sql`DROP FUNCTION fail_answer()`.execute(t.db);
    }
    expect(await starts()).toBe(before + 1);
    await t.db
      .updateTable('idempotency_keys')
      .set({ created_at: sql<Date>`now() - interval '10 minutes'` })
      .where('key', '=', 'key-impersonate')
      .execute();
    const retry = await impersonate();
    expect(retry.statusCode).toBe(409);
    expect(retry.json().name).toBe('IdempotentWriteDone');
    expect(await starts()).toBe(before + 1);
  });
});
