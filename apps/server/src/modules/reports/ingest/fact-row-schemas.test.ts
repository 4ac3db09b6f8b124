import { describe, expect, it } from 'vitest';
import { FACT_TABLES } from '../engine/duckdb-schema';
import { KNOWN_COLUMNS, RecirculationRowSchema, RevenueRequestRowSchema, RevenueSalesRowSchema } from './fact-row-schemas';

const fields = (shape: object) => Object.keys(shape).filter((k) => k !== 'kind');

// The row schemas validate each column, so they name the columns too: they must name the same ones
// as the fact tables they are loaded into, or a column would be accepted and then dropped.
describe('fact row schemas and fact tables', () => {
  it('validate exactly the columns of the table each row kind lands in', () => {
    expect(fields(RevenueRequestRowSchema.shape)).toEqual([...FACT_TABLES.revenue_requests]);
    expect(fields(RevenueSalesRowSchema.shape)).toEqual([...FACT_TABLES.revenue_sales]);
    expect(fields(RecirculationRowSchema.shape)).toEqual([...FACT_TABLES.recirculation]);
  });

  it('know every column of a revenue file once, with the row kind first', () => {
    expect(KNOWN_COLUMNS.revenue).toEqual([
      'kind',
      'date',
      'publisher_id',
      'site_id',
      'product_type',
      'imp_requests',
      'size',
      'brand',
      'deal_name',
      'deal_id',
      'impressions',
      'revenue',
      'net_revenue',
    ]);
  });
});
