import type { DimensionKey } from '@pc/contracts';
import type { SalesAttribute } from './report-engine';

/** The fact-table (and rollup) column of each dimension: the one place SQL builders map keys. */
export const DIMENSION_COLUMN: Readonly<Record<DimensionKey, string>> = {
  sites: 'site_id',
  product_type: 'product_type',
  size: 'size',
  brand: 'brand',
  deal_name: 'deal_name',
  deal_id: 'deal_id',
  widget: 'widget',
};

export const columnsOf = (dimensions: readonly DimensionKey[]): string[] => dimensions.map((d) => DIMENSION_COLUMN[d]);

/** The fact column of each priced sales attribute: a closed list, so no caller's text reaches SQL. */
export const SALES_ATTRIBUTE_COLUMN: Readonly<Record<SalesAttribute, string>> = {
  brand: 'brand',
  advertiser_domain: 'advertiser_domain',
  iab_category: 'iab_category',
};
