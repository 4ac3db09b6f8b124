import { describe, expect, it } from 'vitest';
import { uniqueViolationColumns } from './errors';

describe('uniqueViolationColumns (409 fields for a lost race, issue 11 item 7)', () => {
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
