import { describe, expect, it } from 'vitest';
import type { BlockingRule } from '@pc/contracts';
import { ruleFixture } from '../../../../test/blocking-rules/rule.fixture';
import { filterRules, valuesPreview } from './rule-filter';

const rules = [
  ruleFixture({ id: 'a', name: 'No gambling', type: 'advertiser_domain', values: ['casino.example', 'bet.example'] }),
  ruleFixture({ id: 'b', name: 'Competitors', type: 'brand', values: ['Globex', 'Initech'], status: 'paused' }),
  ruleFixture({ id: 'c', name: 'Old promo', type: 'keyword', values: ['black friday'], status: 'expired' }),
];
const ids = (r: BlockingRule[]) => r.map((x) => x.id);

describe('filterRules', () => {
  it('shows everything without a search or filters', () => {
    expect(ids(filterRules(rules, { q: '  ', type: null, status: null }))).toEqual(['a', 'b', 'c']);
  });
  it('searches names and values case-insensitively', () => {
    expect(ids(filterRules(rules, { q: 'GAMBLING', type: null, status: null }))).toEqual(['a']);
    expect(ids(filterRules(rules, { q: 'initech', type: null, status: null }))).toEqual(['b']);
    expect(ids(filterRules(rules, { q: 'nothing-like-this', type: null, status: null }))).toEqual([]);
  });
  it('combines the type and status filters with the search', () => {
    expect(ids(filterRules(rules, { q: '', type: 'brand', status: null }))).toEqual(['b']);
    expect(ids(filterRules(rules, { q: '', type: null, status: 'expired' }))).toEqual(['c']);
    expect(ids(filterRules(rules, { q: 'example', type: 'advertiser_domain', status: 'paused' }))).toEqual([]);
  });
});

describe('valuesPreview', () => {
  it('lists up to three values and counts the rest', () => {
    expect(valuesPreview(['a', 'b'])).toBe('a, b');
    expect(valuesPreview(['a', 'b', 'c'])).toBe('a, b, c');
    expect(valuesPreview(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c +2 more');
    // IAB categories by name, never by code.
    expect(valuesPreview(['IAB7-39', '1'], (id) => ({ 'IAB7-39': 'Gambling', '1': 'Automotive' })[id] ?? id)).toBe('Gambling, Automotive');
  });
});
