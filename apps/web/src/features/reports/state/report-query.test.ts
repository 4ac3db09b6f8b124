import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { epochAtNoon } from './date-presets';
import {
  DEFAULTS,
  drillDown,
  exportQuery,
  parseBuilder,
  parseTab,
  resolveRange,
  timelineQuery,
  toApiQuery,
  writeBuilder,
} from './report-query';

const params = (s: string) => new URLSearchParams(s);

describe('builder <-> URL <-> report call', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 22, 10));
  });
  afterEach(() => vi.useRealTimers());

  it('uses the defaults when the URL says nothing', () => {
    const s = parseBuilder('revenue', params(''));
    expect(s).toMatchObject({
      preset: 'last7',
      dimensions: ['sites'],
      metrics: ['impressions', 'revenue', 'eCpm', 'cpm'],
      interval: 'Day',
      sort: null,
    });
    expect(parseBuilder('recirculation', params('')).metrics).toEqual(['organicPageViews', 'organicClicks', 'organicCtr']);
    expect(parseTab(params(''))).toBe('tab_0');
    expect(parseTab(params('tab=tab_1'))).toBe('tab_1');
  });

  it('maps the builder to the report call (docs/product.md#api-client)', () => {
    const s = parseBuilder(
      'revenue',
      params('preset=yesterday&dims=product_type,sites&metrics=revenue,impressions&interval=Month&sort=revenue&dir=asc'),
    );
    const q = toApiQuery('revenue', '1002', resolveRange(s), s);
    expect(q).toEqual({
      reportType: 'revenue',
      publisherId: '1002',
      dateFrom: epochAtNoon('2026-11-21'),
      dateTo: epochAtNoon('2026-11-21'),
      // Catalog order, whatever order the URL had.
      dimensions: 'sites,product_type',
      metrics: 'impressions,revenue',
      interval: 'Month',
      sort: 'revenue',
      sortDir: 'asc',
    });
  });

  it('keeps a custom range and rejects a broken one', () => {
    const ok = parseBuilder('revenue', params('preset=custom&from=2026-01-05&to=2026-02-04'));
    expect(resolveRange(ok)).toEqual({ from: '2026-01-05', to: '2026-02-04' });
    const inverted = parseBuilder('revenue', params('preset=custom&from=2026-02-05&to=2026-01-04'));
    expect(inverted.preset).toBe(DEFAULTS.revenue.preset);
  });

  it('drops unknown, inactive and surplus keys', () => {
    const s = parseBuilder(
      'revenue',
      params('dims=sites,deal_name,bogus,size,brand,product_type&metrics=nope&interval=Week&chart=organicClicks'),
    );
    expect(s.dimensions).toEqual(['sites', 'product_type', 'size']);
    expect(s.metrics).toEqual(DEFAULTS.revenue.metrics);
    expect(s.interval).toBe('Day');
    expect(s.chartMetric).toBe('revenue');
    expect(parseBuilder('recirculation', params('dims=sites,size')).dimensions).toEqual(['sites']);
  });

  it('round-trips through the query string and keeps the tab', () => {
    const s = parseBuilder(
      'recirculation',
      params('preset=custom&from=2026-10-01&to=2026-10-31&dims=widget&metrics=organicCtr&interval=Cumulative&chart=organicCtr'),
    );
    const written = writeBuilder(s, params('tab=tab_1'));
    expect(written.get('tab')).toBe('tab_1');
    expect(parseBuilder('recirculation', written)).toEqual(s);
    const preset = writeBuilder({ ...s, preset: 'lastMonth', custom: null }, written);
    expect(preset.has('from')).toBe(false);
  });

  it('builds the chart query without dimensions, by day unless the table is monthly', () => {
    const s = parseBuilder('revenue', params('dims=sites,size&metrics=impressions&chart=revenue&interval=Cumulative'));
    const q = timelineQuery('revenue', '1001', { from: '2026-11-01', to: '2026-11-07' }, s);
    expect(q).toMatchObject({ dimensions: '', metrics: 'impressions,revenue', interval: 'Day' });
    expect(timelineQuery('revenue', '1001', { from: '2026-01-01', to: '2026-11-07' }, { ...s, interval: 'Month' }).interval).toBe('Month');
  });

  it('keeps filters and the comparison in the URL and sends filters to every query', () => {
    const filters = [
      { dimension: 'sites' as const, mode: 'include' as const, values: ['5001'] },
      { dimension: 'brand' as const, mode: 'exclude' as const, values: ['Acme, Inc.'] },
    ];
    const s = {
      ...parseBuilder('revenue', params('')),
      filters,
      compare: 'custom' as const,
      compareCustom: { from: '2025-01-01', to: '2025-01-07' },
    };
    const url = writeBuilder(s, params('tab=tab_0'));
    expect(JSON.parse(url.get('f')!)).toEqual(filters);
    expect(url.get('cmp')).toBe('custom');
    const back = parseBuilder('revenue', url);
    expect(back.filters).toEqual(filters);
    expect(back.compareCustom).toEqual({ from: '2025-01-01', to: '2025-01-07' });
    const q = toApiQuery('revenue', '1001', resolveRange(back), back);
    expect(JSON.parse(String(q.filters))).toEqual(filters);
    expect(JSON.parse(String(timelineQuery('revenue', '1001', resolveRange(back), back).filters))).toEqual(filters);
    // No filters, no parameter; a broken or foreign list is dropped, not sent.
    expect(toApiQuery('revenue', '1001', resolveRange(back), { ...back, filters: [] })).not.toHaveProperty('filters');
    expect(parseBuilder('revenue', params('f=not-json')).filters).toEqual([]);
    expect(
      parseBuilder('revenue', params(`f=${encodeURIComponent('[{"dimension":"widget","mode":"include","values":["x"]}]')}`)).filters,
    ).toEqual([]);
    expect(parseBuilder('revenue', params('cmp=custom')).compare).toBe('previous');
    expect(parseBuilder('revenue', params('cmp=yearAgo')).compare).toBe('yearAgo');
  });

  it('drills down: row values become include filters and the next dimension is split', () => {
    const first = drillDown('revenue', { dimensions: ['sites'], filters: [] }, { sites: ['5001'] });
    expect(first).toEqual({ dimensions: ['product_type'], filters: [{ dimension: 'sites', mode: 'include', values: ['5001'] }] });
    const second = drillDown('revenue', first, { product_type: ['Display'] });
    expect(second.dimensions).toEqual(['size']);
    expect(second.filters.map((f) => f.dimension)).toEqual(['sites', 'product_type']);
    // A clicked value replaces an earlier filter on the same dimension (e.g. an exclude).
    const replaced = drillDown(
      'revenue',
      { dimensions: ['brand'], filters: [{ dimension: 'brand', mode: 'exclude', values: ['X'] }] },
      { brand: ['Acme'] },
    );
    expect(replaced.filters).toEqual([{ dimension: 'brand', mode: 'include', values: ['Acme'] }]);
    expect(replaced.dimensions).toEqual(['sites']);
  });

  it('gives a file export the comparison on screen, so the file explains against the same days', () => {
    const table = toApiQuery('revenue', '1001', { from: '2025-02-01', to: '2025-02-07' }, DEFAULTS.revenue);
    expect(exportQuery(table, { preset: 'thisMonth', compare: 'previous', compareCustom: null })).toEqual({
      ...table,
      preset: 'thisMonth',
      compare: 'previous',
    });
    const custom = exportQuery(table, { preset: 'custom', compare: 'custom', compareCustom: { from: '2025-01-01', to: '2025-01-07' } });
    expect(custom).toMatchObject({ compare: 'custom', compareFrom: epochAtNoon('2025-01-01'), compareTo: epochAtNoon('2025-01-07') });
    // A custom comparison still being picked compares with the previous period, as the chart does.
    expect(exportQuery(table, { preset: 'last7', compare: 'custom', compareCustom: null })).not.toHaveProperty('compareFrom');
    expect(exportQuery(table, { preset: 'last7', compare: 'custom', compareCustom: null }).compare).toBe('previous');
  });
});
