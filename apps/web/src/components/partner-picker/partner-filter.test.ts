import { describe, expect, it } from 'vitest';
import { filterPartners } from './partner-filter';

const partners = [
  { name: 'Northwind News', publisherId: '1001' },
  { name: 'Blue Harbor Media', publisherId: '1002' },
  { name: 'Evergreen Digital', publisherId: '1003' },
];

describe('filterPartners', () => {
  it('returns everything for an empty query', () => {
    expect(filterPartners(partners, '  ')).toHaveLength(3);
  });
  it('matches the name case-insensitively', () => {
    expect(filterPartners(partners, 'NORTHWIND').map((p) => p.publisherId)).toEqual(['1001']);
    expect(filterPartners(partners, 'media').map((p) => p.publisherId)).toEqual(['1002']);
  });
  it('matches the partner id', () => {
    expect(filterPartners(partners, '1003').map((p) => p.name)).toEqual(['Evergreen Digital']);
    expect(filterPartners(partners, '100')).toHaveLength(3);
  });
  it('treats the input as a pattern', () => {
    expect(filterPartners(partners, '^blue|digital$').map((p) => p.publisherId)).toEqual(['1002', '1003']);
  });
  it('matches nothing for an invalid pattern', () => {
    expect(filterPartners(partners, '(')).toEqual([]);
    expect(filterPartners(partners, '[a-')).toEqual([]);
  });
  it('returns nothing when nothing matches', () => {
    expect(filterPartners(partners, 'zzz')).toEqual([]);
  });
});
