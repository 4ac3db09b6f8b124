import type { FactBatch, FactIngest, IngestSummary } from './report-engine';

/**
 * The columns a facts file must not repeat per fact table (FORMAT.md, "A file must not repeat a
 * key"): both engines check staged rows against them before a commit.
 */
export const FACT_KEYS = {
  revenue_requests: ['date', 'publisher_id', 'site_id', 'product_type'],
  revenue_sales: [
    'date',
    'publisher_id',
    'site_id',
    'product_type',
    'size',
    'brand',
    'deal_name',
    'deal_id',
    'advertiser_domain',
    'iab_category',
  ],
  recirculation: ['date', 'publisher_id', 'site_id', 'widget'],
} as const;

/** ReportEngine.ingest on top of beginIngest: one batch staged and committed, or nothing. */
export async function ingestWhole(run: FactIngest, batch: FactBatch): Promise<IngestSummary> {
  try {
    await run.add(batch);
  } catch (error) {
    await run.abort();
    throw error;
  }
  return run.commit();
}
