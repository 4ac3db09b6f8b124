import { describe, expect, it } from 'vitest';
import { constraintError, uniqueViolationColumns } from './errors';

describe('uniqueViolationColumns (409 fields for a lost race)', () => {
  it.each([
    ['Key (lower(email))=(a@b.co) already exists.', ['email']],
    ['Key (lower(email::text))=(a@b.co) already exists.', ['email']],
    ['Key (publisher_id, domain)=(1001, a.com) already exists.', ['publisherId', 'domain']],
    [undefined, []],
    ['something else', []],
  ])('%s -> %j', (detail, cols) => {
    expect(uniqueViolationColumns(detail)).toEqual(cols);
  });
});

describe('constraintError: every integrity-constraint class is a 4xx naming the column', () => {
  it.each([
    [{ code: '23503', detail: 'Key (publisher_id)=(9) is not present in table "publishers".' }, 400, ['publisherId']],
    [{ code: '23503', detail: 'Key (id)=(7) is still referenced from table "payments".' }, 409, ['id']],
    [{ code: '23502', column: 'site_id' }, 400, ['siteId']],
    [{ code: '23514', table: 'feature_flags', constraint: 'feature_flags_key_check' }, 400, ['key']],
    [{ code: '23514', table: 't', constraint: 'odd name!' }, 400, ['request']],
    [
      { code: '23P01', detail: 'Key (room, during)=(1, [..)) conflicts with existing key (room, during)=(1, [..)).' },
      409,
      ['room', 'during'],
    ],
    [{ code: '23505', detail: 'Key (lower(email))=(a@b.co) already exists.' }, 409, ['email']],
  ])('%j -> %i %j', (err, status, fields) => {
    const out = constraintError(err);
    expect(out?.status).toBe(status);
    expect(Object.keys(out!.fields)).toEqual(fields);
  });
  it('leaves other errors alone', () => {
    expect(constraintError({ code: '42P01' })).toBeNull();
    expect(constraintError({})).toBeNull();
  });
});
