import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayToEpochNoon, shiftDays, todayIn } from '@pc/contracts';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { hashApiKey } from './api-keys.service';

// The last two days: a report range inside the 13 months of history every plan keeps, whatever the date.
const yesterday = shiftDays(todayIn('UTC', new Date()), -1);

let t: TestApp;
let admin: string;
let multiId: string;
/** Created before any access change: a sign-in in the same second as the change that ended the sessions is refused. */
const keys = {} as Record<'northwind' | 'evergreen' | 'nightly', { id: string; secret: string }>;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, DEMO.admin)).idToken;
  multiId = (await t.db.selectFrom('users').select('id').where('email', '=', DEMO.multi).executeTakeFirstOrThrow()).id;
  keys.northwind = await keyFor('1001', 'Northwind BI');
  keys.evergreen = await keyFor('1003', 'Evergreen BI');
  keys.nightly = await keyFor('1003', 'Evergreen nightly');
});
afterAll(async () => t.close());

const report = (secret: string, publisherId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/partner-center/report?${new URLSearchParams({
      reportType: 'revenue',
      publisherId,
      dateFrom: String(dayToEpochNoon(shiftDays(yesterday, -1))),
      dateTo: String(dayToEpochNoon(yesterday)),
      dimensions: 'sites',
      metrics: 'impressions,revenue',
      interval: 'Cumulative',
    }).toString()}`,
    headers: { authorization: `Bearer ${secret}` },
  });

/** A fresh key of the multi user (scope 1001,1003) for one publisher, created through the API. */
async function keyFor(publisherId: string, name: string): Promise<{ id: string; secret: string }> {
  const token = (await signIn(t.app, DEMO.multi)).idToken;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/integrations/api-keys',
    headers: bearer(token, publisherId),
    payload: { name, access: 'read' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().key.id, secret: res.json().secret };
}
const patchMulti = (patch: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/users/${multiId}`, headers: bearer(admin), payload: patch });
const revokedAt = async (id: string) =>
  (await t.db.selectFrom('api_keys').select('revoked_at').where('id', '=', id).executeTakeFirstOrThrow()).revoked_at;

describe('an API key follows its creator', () => {
  it('stops, for the publisher removed, when the creator loses that publisher; the other key keeps working', async () => {
    const { northwind, evergreen } = keys;
    expect((await report(northwind.secret, '1001')).statusCode).toBe(200);

    expect((await patchMulti({ publisherIds: ['1003'] })).statusCode).toBe(200);
    expect((await report(northwind.secret, '1001')).statusCode).toBe(401);
    expect(await revokedAt(northwind.id)).not.toBeNull();
    expect(await revokedAt(evergreen.id)).toBeNull();
    expect((await report(evergreen.secret, '1003')).statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'user.update')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(audit?.details).toMatchObject({ apiKeysRevoked: [northwind.id] });

    // Giving the publisher back does not revive the old key: it was revoked with the change.
    expect((await patchMulti({ publisherIds: ['1001', '1003'] })).statusCode).toBe(200);
    expect((await report(northwind.secret, '1001')).statusCode).toBe(401);
  });

  it('stops when the creator is disabled, and does not come back when the creator is enabled again', async () => {
    const key = keys.nightly;
    expect((await report(key.secret, '1003')).statusCode).toBe(200);
    expect((await patchMulti({ disabled: true })).statusCode).toBe(200);
    expect((await report(key.secret, '1003')).statusCode).toBe(401);
    expect(await revokedAt(key.id)).not.toBeNull();
    expect((await patchMulti({ disabled: false })).statusCode).toBe(200);
    expect((await report(key.secret, '1003')).statusCode).toBe(401);
  });

  it('is refused at use when the scope changed by another path (checked on every call)', async () => {
    // Stored as the API stores one (the hash), so no sign-in right after the changes above is needed.
    const secret = 'pck_test-direct-scope-change-0123456789abcdef';
    await t.db
      .insertInto('api_keys')
      .values({
        publisher_id: '1001',
        name: 'Direct',
        prefix: secret.slice(0, 12),
        key_hash: hashApiKey(secret),
        access: 'read',
        created_by: multiId,
      })
      .execute();
    const key = { secret };
    expect((await report(key.secret, '1001')).statusCode).toBe(200);
    // A scope written without the console (an invitation, a script): the key is still refused.
    await t.db.updateTable('users').set({ publisher_scope: '1003' }).where('id', '=', multiId).execute();
    const refused = await report(key.secret, '1001');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/no longer works/);
    await t.db.updateTable('users').set({ publisher_scope: '1001,1003' }).where('id', '=', multiId).execute();
    // Checked at use, not stored: with the publisher back in the scope the key works again.
    expect((await report(key.secret, '1001')).statusCode).toBe(200);
  });
});
