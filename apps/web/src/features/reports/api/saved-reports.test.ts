import { describe, expect, it } from 'vitest';
import { SavedReportInputSchema } from '@pc/contracts';
import { parseBuilder } from '../state/report-query';
import { fromSavedView, toSavedView } from './saved-reports';

describe('saved views', () => {
  it('keep the comparison, custom dates included, and give it back', () => {
    const state = parseBuilder('revenue', new URLSearchParams('preset=last30&dims=sites&cmp=custom&cfrom=2026-09-01&cto=2026-09-30'));
    const view = toSavedView(state);
    expect(view).toMatchObject({ compare: 'custom', compareFrom: '2026-09-01', compareTo: '2026-09-30' });
    expect(SavedReportInputSchema.safeParse({ name: 'n', reportType: 'revenue', shared: false, view }).success).toBe(true);
    expect(fromSavedView(view)).toMatchObject({ compare: 'custom', compareCustom: { from: '2026-09-01', to: '2026-09-30' } });

    const yearAgo = toSavedView(parseBuilder('revenue', new URLSearchParams('preset=last30&cmp=yearAgo')));
    expect(yearAgo.compare).toBe('yearAgo');
    expect(yearAgo.compareFrom).toBeUndefined();
  });

  it('a view saved before comparisons were kept opens against the previous period', () => {
    const { compare: _omitted, ...old } = toSavedView(parseBuilder('revenue', new URLSearchParams('preset=last7&cmp=yearAgo')));
    expect(fromSavedView(old)).toMatchObject({ compare: 'previous', compareCustom: null });
  });
});
