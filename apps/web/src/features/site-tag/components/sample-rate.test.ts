import { describe, expect, it } from 'vitest';
import { sampleRateHelp, sampleRateLabel } from './sample-rate';

describe('sample rate label', () => {
  it('says all page views at 1 and the share otherwise', () => {
    expect(sampleRateLabel(1)).toBe('All page views');
    expect(sampleRateLabel(20)).toBe('1 in 20 (5 %)');
    expect(sampleRateLabel(3)).toBe('1 in 3 (33.3 %)');
    expect(sampleRateLabel(1000)).toBe('1 in 1,000 (0.10 %)');
  });
  it('explains estimates only when sampled', () => {
    expect(sampleRateHelp(1)).toMatch(/exact/);
    expect(sampleRateHelp(20)).toMatch(/counts 20 times/);
  });
});
