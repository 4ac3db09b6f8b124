import { describe, expect, it } from 'vitest';
import { sampledNotice, sampleRateHelp, sampleRateLabel } from './sample-rate';

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

describe('sampled figures are marked as estimates', () => {
  const sites = [
    { id: '5001', name: 'Northwind News', sampleOneIn: 20 },
    { id: '5002', name: 'Northwind Sport', sampleOneIn: 1 },
  ];
  it('one sampled site in scope: its figures are estimated from a 1-in-N sample', () => {
    expect(sampledNotice(sites, '5001')).toBe(
      'Estimated from a 1-in-20 sample: Northwind News records one page load in 20, so its page views, visitors and visits are estimates.',
    );
  });
  it('all sites: the totals include the sampled sites’ estimates, the others are exact', () => {
    expect(sampledNotice(sites, null)).toBe(
      "Totals include estimates: Northwind News (1 in 20) is sampled, so its page views, visitors and visits are estimated from the recorded page loads, and so are the totals. The other sites' figures are exact.",
    );
  });
  it('nothing to say when every site in scope records every page load', () => {
    expect(sampledNotice(sites, '5002')).toBeNull();
    expect(sampledNotice([sites[1]!], null)).toBeNull();
  });
});
