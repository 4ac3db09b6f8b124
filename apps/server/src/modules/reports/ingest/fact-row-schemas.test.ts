import { describe, expect, it } from 'vitest';
import { FACT_TABLES } from '../../../report-engine/duckdb-schema';
import { FILE_COLUMNS } from '../../../report-engine/fact-file-rules';
import { RecirculationRowSchema, RevenueRequestRowSchema, RevenueSalesRowSchema } from './fact-row-schemas';

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
    expect(FILE_COLUMNS.revenue).toEqual([
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
      'advertiser_domain',
      'iab_category',
    ]);
  });
});

describe('optional sales attributes', () => {
  const row = {
    kind: 'sales',
    date: '2024-05-01',
    publisher_id: 'P1',
    site_id: 's1',
    product_type: 'Display',
    size: '300x250',
    brand: 'Acme',
  };
  const money = { impressions: '10', revenue: '1', net_revenue: '0.5' };

  it('normalise the advertiser domain as the blocking rules do (lower case, punycode)', () => {
    const parsed = RevenueSalesRowSchema.parse({ ...row, ...money, advertiser_domain: 'Ads.Bücher.de', iab_category: '483' });
    expect(parsed.advertiser_domain).toBe('ads.xn--bcher-kva.de');
    expect(parsed.iab_category).toBe('483');
  });

  it('refuse a URL, a bare word and a category that is not an id, and accept rows without them', () => {
    for (const bad of ['https://acme.com', 'acme.com/path', 'acme', 'acme.com:8080', '1.2.3.4'])
      expect(RevenueSalesRowSchema.safeParse({ ...row, ...money, advertiser_domain: bad }).success, bad).toBe(false);
    expect(RevenueSalesRowSchema.safeParse({ ...row, ...money, iab_category: 'Automotive > Cars' }).success).toBe(false);
    expect(RevenueSalesRowSchema.parse({ ...row, ...money })).not.toHaveProperty('advertiser_domain');
    const request = { kind: 'requests', date: '2024-05-01', publisher_id: 'P1', site_id: 's1', product_type: 'Display', imp_requests: '5' };
    expect(RevenueRequestRowSchema.safeParse(request).success).toBe(true);
    expect(RevenueRequestRowSchema.safeParse({ ...request, advertiser_domain: 'a.com' }).success).toBe(false);
  });
});
