import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../test/test-app';

// A write and its audit row commit together. The audit insert is
// made to fail for real (a trigger in this test file's own database), and nothing may be half-done.
let t: TestApp;
let multi: string;
beforeAll(async () => {
  t = await createTestApp();
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  await sql`
    CREATE FUNCTION fail_audit() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'audit store unavailable'; END $$ LANGUAGE plpgsql;
  `.execute(t.db);
  await sql`
    CREATE TRIGGER audit_fails BEFORE INSERT ON audit_log FOR EACH ROW
    WHEN (NEW.action IN ('adstxt.hosting_activated', 'adstxt.revision_saved', 'company.updated', 'profile.updated')) EXECUTE FUNCTION fail_audit();
  `.execute(t.db);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(multi, '1001'), ...(payload ? { payload } : {}) });

describe('ads.txt writes with their audit row', () => {
  it('activating hosting leaves no revision and no hosting switch when the audit row fails', async () => {
    const res = await call('POST', '/api/adstxt/domains/d5001/hosting');
    expect(res.statusCode).toBe(500);
    expect(await t.db.selectFrom('adstxt_revisions').select('id').where('domain_id', '=', 'd5001').execute()).toHaveLength(0);
    const d = await t.db
      .selectFrom('adstxt_domains')
      .select(['hosted_enabled', 'redirection_status'])
      .where('id', '=', 'd5001')
      .executeTakeFirstOrThrow();
    expect(d).toEqual({ hosted_enabled: false, redirection_status: 'not_set_up' });
  });

  it('saving a revision leaves no revision when the audit row fails', async () => {
    await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_fails`.execute(t.db);
    expect((await call('POST', '/api/adstxt/domains/d5001/hosting')).statusCode).toBe(200);
    await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_fails`.execute(t.db);
    const before = await t.db.selectFrom('adstxt_revisions').select('id').where('domain_id', '=', 'd5001').execute();
    const res = await call('POST', '/api/adstxt/domains/d5001/revisions', { content: 'openx.com, 9, RESELLER\n' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).not.toContain('audit store unavailable');
    expect(await t.db.selectFrom('adstxt_revisions').select('id').where('domain_id', '=', 'd5001').execute()).toEqual(before);
  });
});

describe('account writes with their audit row', () => {
  it('a company-details save changes nothing when its audit row fails', async () => {
    const before = await t.db.selectFrom('companies').selectAll().where('publisher_id', '=', '1001').executeTakeFirst();
    const company = {
      name: 'Renamed Ltd',
      website: '',
      address: '',
      city: '',
      country: '',
      zip_code: '',
      registration_number: '',
      type: '',
      vat_registration_office: '',
      email: '',
      first_name: '',
      last_name: '',
      phone: '',
    };
    const res = await call('PUT', '/api/publisher-details/company', company);
    expect(res.statusCode).toBe(500);
    expect(await t.db.selectFrom('companies').selectAll().where('publisher_id', '=', '1001').executeTakeFirst()).toEqual(before);
  });

  it('a profile save changes nothing when its audit row fails', async () => {
    const before = await t.db.selectFrom('users').select(['first_name', 'email']).where('email', '=', DEMO.multi).executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/personal-info',
      headers: bearer(multi),
      payload: { firstName: 'Changed', lastName: 'Name', email: DEMO.multi, phoneNumber: '' },
    });
    expect(res.statusCode).toBe(500);
    expect(
      await t.db.selectFrom('users').select(['first_name', 'email']).where('email', '=', DEMO.multi).executeTakeFirstOrThrow(),
    ).toEqual(before);
  });
});
