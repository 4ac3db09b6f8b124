import { describe, expect, it } from 'vitest';
import type { ReportResult } from '@pc/contracts';
import { displayColumns, splitColumns } from './column-order';

const col = (key: string, label: string, kind: ReportResult['columns'][number]['kind']) => ({ key, label, kind });
const columns: ReportResult['columns'] = [
  col('date', 'Date', 'date'),
  col('sites', 'Site', 'text'),
  col('product_type', 'Product Type', 'text'),
  col('brand', 'Brand', 'text'),
  col('impressions', 'Impressions', 'count'),
  col('revenue', 'Revenue', 'money'),
];

describe('report column order', () => {
  it('puts the metrics after the time column and the first dimension, before the other dimensions', () => {
    expect(displayColumns(columns).map((c) => c.key)).toEqual(['date', 'sites', 'impressions', 'revenue', 'product_type', 'brand']);
  });

  it('keeps a report without dimensions as it is', () => {
    const plain = [col('date', 'Date', 'date'), col('revenue', 'Revenue', 'money')];
    expect(displayColumns(plain)).toEqual(plain);
  });

  it('splits the naming columns from the metrics', () => {
    const { names, metrics } = splitColumns(columns);
    expect(names.map((c) => c.key)).toEqual(['date', 'sites', 'product_type', 'brand']);
    expect(metrics.map((c) => c.key)).toEqual(['impressions', 'revenue']);
  });
});
