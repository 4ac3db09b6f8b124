import { describe, expect, it } from 'vitest';
import { initialFormState, toInput } from './monitor-form-state';

const valid = () => ({ ...initialFormState(undefined, 60), name: 'Home page', url: 'https://example.com/' });

describe('monitor form state', () => {
  it('starts at 5 minutes unless the plan allows only longer intervals', () => {
    expect(initialFormState(undefined, 60).intervalSeconds).toBe('300');
    expect(initialFormState(undefined, 900).intervalSeconds).toBe('900');
  });

  it('converts typed text into the API input', () => {
    const r = toInput({ ...valid(), acceptedStatusCodes: '200-299, 301', notifyEmails: 'a@example.com\nb@example.com', keyword: '  ' });
    expect(r.errors).toBeNull();
    expect(r.data).toMatchObject({
      intervalSeconds: 300,
      timeoutSeconds: 10,
      retries: 1,
      acceptedStatusCodes: ['200-299', '301'],
      notifyEmails: ['a@example.com', 'b@example.com'],
      keyword: null,
    });
  });

  it('reports one message per field, with the schema messages', () => {
    const r = toInput({ ...valid(), name: '', url: 'ftp://x', acceptedStatusCodes: '200, 999', timeoutSeconds: '400' });
    expect(r.data).toBeNull();
    expect(r.errors).toEqual({
      name: 'Name is required!',
      url: 'Enter a web address starting with http:// or https://',
      acceptedStatusCodes: 'Use a code like 200 or a range like 200-299.',
      timeoutSeconds: 'Allow at most 60 seconds.',
    });
  });

  it('applies the plan floor for the interval', () => {
    expect(toInput({ ...valid(), intervalSeconds: '45' }, 60).errors).toEqual({
      intervalSeconds: 'Your plan checks at most every 60 seconds.',
    });
    expect(toInput({ ...valid(), intervalSeconds: '45' }, 30).errors).toBeNull();
  });

  it("offers only the plan's intervals: a new monitor starts at the first from 5 minutes, another interval is refused in the server's words", () => {
    expect(initialFormState(undefined, 30, [900, 3600]).intervalSeconds).toBe('900');
    expect(initialFormState(undefined, 30, [60, 300, 900]).intervalSeconds).toBe('300');
    expect(toInput({ ...valid(), intervalSeconds: '60' }, 30, [300, 900, 3600]).errors).toEqual({
      intervalSeconds: 'Your plan checks every 5 minutes, 15 minutes or 1 hour. Choose one of these intervals.',
    });
    expect(toInput({ ...valid(), intervalSeconds: '900' }, 30, [300, 900, 3600]).errors).toBeNull();
  });
});
