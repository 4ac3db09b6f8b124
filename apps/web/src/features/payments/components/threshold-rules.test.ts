import { describe, expect, it } from 'vitest';
import { endedMonths } from './format';
import { thresholdError } from './threshold-rules';

describe('thresholdError', () => {
  it('accepts the minimum and anything above it with at most two decimals', () => {
    expect(thresholdError(100, 100, 'USD')).toBeNull();
    expect(thresholdError('250.5', 100, 'USD')).toBeNull();
  });
  it('says what is wrong the way the server does', () => {
    expect(thresholdError('', 100, 'USD')).toBe('Enter an amount.');
    expect(thresholdError(99.99, 100, 'EUR')).toBe('The threshold is at least €100.00.');
    expect(thresholdError(-5, 0, 'USD')).toBe('The threshold cannot be negative.');
    expect(thresholdError(2_000_000, 100, 'USD')).toBe('Use at most 1,000,000.');
    expect(thresholdError(150.123, 100, 'USD')).toBe('Use at most two decimals.');
    expect(thresholdError('lots', 100, 'USD')).not.toBeNull();
  });
});

describe('endedMonths (the months staff may close)', () => {
  it('starts with the month before today and goes back twelve months across the year boundary', () => {
    const months = endedMonths(new Date('2026-02-10T12:00:00Z'));
    expect(months).toHaveLength(12);
    expect(months.slice(0, 3)).toEqual(['2026-01', '2025-12', '2025-11']);
    expect(months[11]).toBe('2025-02');
  });
});
