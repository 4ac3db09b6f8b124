import { describe, expect, it } from 'vitest';
import { countryOptions, countryName, isCountryCode, toCountryCode } from './countries';

describe('ISO 3166 countries', () => {
  it('lists every country once, sorted by name', () => {
    expect(countryOptions().length).toBeGreaterThanOrEqual(249);
    expect(new Set(countryOptions().map((c) => c.value)).size).toBe(countryOptions().length);
    const labels = countryOptions().map((c) => c.label);
    expect([...labels].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(labels);
    expect(countryOptions()).toContainEqual({ value: 'DE', label: 'Germany' });
  });

  it('accepts only upper-case alpha-2 codes', () => {
    expect(isCountryCode('GB')).toBe(true);
    expect(isCountryCode('gb')).toBe(false);
    expect(isCountryCode('GBR')).toBe(false);
    expect(isCountryCode('XX')).toBe(false);
  });

  it('maps names written before the list existed to codes, and unknown text to empty', () => {
    expect(toCountryCode('United States')).toBe('US');
    expect(toCountryCode('United Kingdom')).toBe('GB');
    expect(toCountryCode(' de ')).toBe('DE');
    expect(toCountryCode('Atlantis')).toBe('');
    expect(toCountryCode('')).toBe('');
  });

  it('names a code and leaves free text alone', () => {
    expect(countryName('FR')).toBe('France');
    expect(countryName('Atlantis')).toBe('Atlantis');
  });
});
