import { describe, expect, it } from 'vitest';
import { sparklinePath } from './sparkline-path';

describe('sparklinePath', () => {
  it('draws nothing without data', () => {
    expect(sparklinePath([], 100, 20)).toBeNull();
    expect(sparklinePath([null, null], 100, 20)).toBeNull();
  });

  it('puts the slowest hour at the top and the fastest at the bottom', () => {
    expect(sparklinePath([100, 200, 150], 104, 24)).toBe('M2.0 22.0L52.0 2.0L102.0 12.0');
  });

  it('breaks the line at hours without checks and keeps lone points visible', () => {
    expect(sparklinePath([100, null, 100, 100], 10, 10)).toBe('M2.0 5.0h1M6.0 5.0L8.0 5.0');
  });
});
