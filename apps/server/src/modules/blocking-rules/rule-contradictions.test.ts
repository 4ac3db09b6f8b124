import { describe, expect, it } from 'vitest';
import { ruleContradictions } from './rule-contradictions';
import { normaliseValues } from './rule-values';

const sites = [
  { id: 's1', active: true },
  { id: 's2', active: false },
  { id: 's3', active: false },
];
const check = (type: Parameters<typeof ruleContradictions>[0]['type'], raw: string[], siteIds: string[] | null = null) => {
  const { values, indexes } = normaliseValues(type, raw);
  return ruleContradictions({ type, values, indexes, siteIds, sites });
};

describe('ruleContradictions', () => {
  it('names a subdomain of a domain the same rule blocks, at its index in the list given', () => {
    // The repeat at index 1 is de-duplicated before, so the subdomain keeps its own index 3.
    expect(check('advertiser_domain', ['example.com', 'EXAMPLE.com', 'other.example', 'ads.example.com'])).toEqual({
      'values.3':
        '"ads.example.com" is already blocked by "example.com" in this rule (a domain covers its subdomains); remove one of them.',
    });
    // A look-alike that is not a subdomain is fine.
    expect(check('advertiser_domain', ['example.com', 'badexample.com'])).toEqual({});
  });

  it('names an IAB category inside a category the same rule blocks, whichever comes first', () => {
    expect(check('iab_category', ['484', '483'])).toEqual({
      'values.0': 'American Football (484) is inside Sports (483), which this rule already blocks; remove one of them.',
    });
    expect(check('iab_category', ['483', '150', '151'])).toHaveProperty(['values.2']);
    expect(check('iab_category', ['484', '507'])).toEqual({});
  });

  it('refuses a keyword that can never match a word and leaves brands alone', () => {
    expect(check('keyword', ['casino', '---', 'été'])).toEqual({
      'values.1': '"---" has no letter or digit, so it can never match a word on a page.',
    });
    expect(check('brand', ['Acme', 'Acme Bank'])).toEqual({});
  });

  it('refuses a scope whose chosen sites are all inactive (never served), not one with an active site or all sites', () => {
    expect(check('brand', ['Acme'], ['s2', 's3']).siteIds).toMatch(/None of the chosen sites is active/);
    expect(check('brand', ['Acme'], ['s1', 's2'])).toEqual({});
    expect(check('brand', ['Acme'], null)).toEqual({});
    // Unknown sites are reported by the caller ("Not a site of this publisher"), not here.
    expect(check('brand', ['Acme'], ['s9'])).toEqual({});
  });
});
