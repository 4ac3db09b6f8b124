import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { MP_RATE } from './tracking.routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const timestamp = '23/11/2026, 10:15:00';
const adminScope = { type: 'internal', adminAccess: true, mediaOwnerId: null, mediaOwners: [] };
const post = (payload: object, headers: Record<string, string> = {}, remoteAddress = '198.51.100.1') =>
  t.app.inject({ method: 'POST', url: '/api/mp', payload, headers, remoteAddress });

/** The usage rollup's rows for one event name: the user type and partner it was counted under. */
const counted = async (event: string) =>
  (
    await sql<{ publisher_id: string; user_type: string; events: number }>`
      SELECT publisher_id, user_type, events::int AS events FROM usage_daily_events WHERE event = ${event} ORDER BY 1, 2`.execute(t.db)
  ).rows;

describe('/mp attribution comes from the session', () => {
  it('refuses an anonymous event that claims a provider admin scope for a partner; nothing is counted', async () => {
    const res = await post({ event: 'Forged Admin', timestamp, scope: adminScope, properties: { publisher_id: '1001', page: '/login' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/valid session/);
    const noScope = await post({ event: 'Forged Admin', timestamp, properties: { publisher_id: '1001', page: '/login' } });
    expect(noScope.statusCode).toBe(403);
    expect(await counted('Forged Admin')).toEqual([]);
  });

  it("refuses a media owner's event about a partner they cannot open", async () => {
    const { idToken } = await signIn(t.app, DEMO.single); // 1002 only
    const res = await post({ event: 'Foreign Partner', timestamp, properties: { publisher_id: '1001' } }, bearer(idToken));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('The event names a partner your session cannot open.');
    const camel = await post({ event: 'Foreign Partner', timestamp, properties: { publisherId: '1003' } }, bearer(idToken));
    expect(camel.statusCode).toBe(403);
    expect(await counted('Foreign Partner')).toEqual([]);
    const own = await post({ event: 'Own Partner', timestamp, properties: { publisher_id: '1002' } }, bearer(idToken));
    expect(own.statusCode).toBe(202);
    expect(await counted('Own Partner')).toEqual([{ publisher_id: '1002', user_type: 'media_owner_single', events: 1 }]);
  });

  it("counts a staff member's event under the token's user type; a body scope that disagrees is refused", async () => {
    const { idToken, user } = await signIn(t.app, DEMO.staff);
    const forged = await post(
      { event: 'Staff Event', timestamp, scope: adminScope, properties: { publisher_id: '1001' } },
      bearer(idToken),
    );
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe("The event's scope does not match your session.");
    const plain = await post({ event: 'Staff Event', timestamp, properties: { publisher_id: '1001' } }, bearer(idToken));
    expect(plain.statusCode).toBe(202);
    expect(await counted('Staff Event')).toEqual([{ publisher_id: '1001', user_type: 'provider_staff', events: 1 }]);
    const row = await t.db
      .selectFrom('tracking_events')
      .select(['user_id', 'scope'])
      .where('event', '=', 'Staff Event')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: user.uid, scope: { type: 'internal', adminAccess: false, mediaOwnerId: null, mediaOwners: [] } });
  });

  it('accepts anonymous events only from the signed-out pages, counted as anonymous', async () => {
    for (const page of ['/login', '/forgot', '/accept-invitation'])
      expect((await post({ event: 'Signed Out Page', timestamp, properties: { page } })).statusCode).toBe(202);
    for (const properties of [{ page: '/' }, { page: '/adstxt' }, {}]) {
      const res = await post({ event: 'Signed Out Page', timestamp, properties });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/sign-in, forgot-password and invitation pages/);
    }
    expect(await counted('Signed Out Page')).toEqual([{ publisher_id: '', user_type: 'anonymous', events: 3 }]);
  });
});

describe('/mp rate limit', () => {
  it('limits each signed-out address, and each signed-in user apart from the address they share', async () => {
    const flooder = '203.0.113.7';
    const anon = { event: 'Flood', timestamp, properties: { page: '/login' } };
    for (let i = 0; i < MP_RATE.signedOutPerMinute; i++) expect((await post(anon, {}, flooder)).statusCode).toBe(202);
    const refused = await post(anon, {}, flooder);
    expect(refused.statusCode).toBe(429);
    // Another address, and a signed-in user behind the same address, are other clients.
    expect((await post(anon, {}, '203.0.113.8')).statusCode).toBe(202);
    const { idToken } = await signIn(t.app, DEMO.multi);
    expect((await post({ event: 'Flood', timestamp }, bearer(idToken), flooder)).statusCode).toBe(202);
  });
});
