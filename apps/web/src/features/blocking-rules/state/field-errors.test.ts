import { describe, expect, it } from 'vitest';
import { formFieldErrors } from './field-errors';

describe('formFieldErrors', () => {
  it('puts every values.<n> message on the values box and keeps other fields apart', () => {
    expect(
      formFieldErrors({
        'values.1': '"ads.example.com" is already blocked by "example.com" in this rule.',
        'values.4': '"---" has no letter or digit, so it can never match a word on a page.',
        siteIds: 'None of the chosen sites is active, so the rule would never be served.',
      }),
    ).toEqual({
      values:
        '"ads.example.com" is already blocked by "example.com" in this rule. "---" has no letter or digit, so it can never match a word on a page.',
      siteIds: 'None of the chosen sites is active, so the rule would never be served.',
    });
  });
});
