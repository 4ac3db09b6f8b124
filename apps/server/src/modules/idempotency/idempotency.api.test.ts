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
});
