import { describe, expect, it } from 'vitest';
import { parseTagParams, presetRange } from './tag-range';

describe('tag range', () => {
  it('presets end today and include it', () => {
    expect(presetRange('7', '2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(presetRange('28', '2026-11-23')).toEqual({ from: '2026-10-27', to: '2026-11-23' });
  });
  it('reads the range and site from the address, falling back to the last 28 days', () => {
    expect(parseTagParams(new URLSearchParams('range=90&site=5001'), '2026-11-23')).toEqual({
      preset: '90',
      range: { from: '2026-08-26', to: '2026-11-23' },
      siteId: '5001',
    });
    expect(parseTagParams(new URLSearchParams('from=2026-11-01&to=2026-11-07'), '2026-11-23')).toEqual({
      preset: null,
      range: { from: '2026-11-01', to: '2026-11-07' },
      siteId: null,
    });
    expect(parseTagParams(new URLSearchParams('from=2026-11-08&to=2026-11-07&range=x'), '2026-11-23').preset).toBe('28');
  });
});
