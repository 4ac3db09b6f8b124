import { describe, expect, it } from 'vitest';
import { formatVital, thresholdText } from './vital-format';

describe('vital format', () => {
  it('formats each metric in its unit', () => {
    expect(formatVital('LCP', 2480)).toBe('2.48 s');
    expect(formatVital('INP', 1800)).toBe('1800 ms');
    expect(formatVital('TTFB', 640)).toBe('640 ms');
    expect(formatVital('CLS', 0.081)).toBe('0.08');
    expect(formatVital('FCP', null)).toBe('—');
    expect(thresholdText('LCP')).toBe('Good up to 2.50 s, poor above 4.00 s');
  });
});
