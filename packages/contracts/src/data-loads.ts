import { z } from 'zod';

/** One ingestion of report facts into the analytics engine (admin console, Data loads). */
export const DataLoadSchema = z.object({
  id: z.number().int(),
  reportType: z.enum(['revenue', 'recirculation']),
  /** The file name, or what produced the facts (the demo generator). */
  source: z.string(),
  via: z.enum(['cli', 'demo', 'api']),
  status: z.enum(['applied', 'rejected', 'failed']),
  startedAt: z.string(),
  finishedAt: z.string(),
  rowsApplied: z.number().int(),
  daysReplaced: z.number().int(),
  rejectedRows: z.number().int(),
  /** The first reasons a file was rejected or failed (line 0 = the file as a whole). */
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type DataLoad = z.infer<typeof DataLoadSchema>;

export const DataLoadsQuerySchema = z.object({
  reportType: z.enum(['revenue', 'recirculation']).optional(),
  status: z.enum(['applied', 'rejected', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type DataLoadsQuery = z.infer<typeof DataLoadsQuerySchema>;

export const DataLoadsSchema = z.object({
  /** The newest load of each report type (the two fact sources), whatever its outcome. */
  latest: z.array(DataLoadSchema),
  /** Every load, newest first, filtered. */
  runs: z.array(DataLoadSchema),
});
export type DataLoads = z.infer<typeof DataLoadsSchema>;

/** What a facts file loaded through the API did (data-loads.endpoints.ts, `ingest`). */
export const IngestResultSchema = z.object({
  reportType: z.enum(['revenue', 'recirculation']),
  /** Data rows in the file. */
  rowsRead: z.number().int(),
  rowsApplied: z.number().int(),
  /** Distinct (publisher, day) pairs replaced. */
  daysReplaced: z.number().int(),
});
export type IngestResult = z.infer<typeof IngestResultSchema>;

export const IngestParamsSchema = z.object({ reportType: z.enum(['revenue', 'recirculation']) });
