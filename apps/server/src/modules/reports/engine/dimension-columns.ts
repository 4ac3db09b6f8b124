import type { DimensionKey } from '@pc/contracts';

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
