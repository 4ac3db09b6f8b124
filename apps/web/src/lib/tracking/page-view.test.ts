import { describe, expect, it } from 'vitest';
import { pagePath } from './page-view';

describe('pagePath', () => {
  it('groups pages by screen: ids become :id, the rest is kept', () => {
    expect(pagePath('/adstxt/123/history')).toBe('/adstxt/:id/history');
    expect(pagePath('/monitors/5f0c6e2a-8d7b-4b6e-9c1a-2f3d4e5f6a7b')).toBe('/monitors/:id');
    expect(pagePath('/reports/ad-revenue')).toBe('/reports/ad-revenue');
    expect(pagePath('')).toBe('/');
  });
});
