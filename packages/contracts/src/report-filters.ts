import { z } from 'zod';
import { REPORT_DEFINITIONS, type DimensionKey, type ReportType } from './report-catalog';

/**
 * Report filters: keep (include) or drop (exclude) rows whose dimension value is
 * one of `values`. Sites are filtered by site id; every other dimension by its shown value. On the
 * wire (report call and the page URL) the list travels as one JSON parameter: values may hold
 * commas, colons or anything else, and JSON needs no escaping rules of our own.
 */
export const FILTER_MODES = ['include', 'exclude'] as const;
export type FilterMode = (typeof FILTER_MODES)[number];

/** Bounds that keep one report call cheap to parse and to plan. */
export const MAX_FILTERS = 8;
export const MAX_FILTER_VALUES = 100;

export const ReportFilterSchema = z.object({
  dimension: z.string().min(1),
  mode: z.enum(FILTER_MODES),
  values: z.array(z.string().max(200)).min(1, 'Choose at least one value to filter by.').max(MAX_FILTER_VALUES),
});
export interface ReportFilter {
  dimension: DimensionKey;
  mode: FilterMode;
  values: string[];
}

export const ReportFiltersSchema = z.array(ReportFilterSchema).max(MAX_FILTERS, `Use at most ${MAX_FILTERS} filters.`);

/** Parses the JSON parameter; null when it is not a valid filter list (the message says why). */
export function parseFilterParam(raw: string | null | undefined): { filters: ReportFilter[] } | { error: string } {
  if (raw === undefined || raw === null || raw === '') return { filters: [] };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { error: 'Filters must be a JSON list of {dimension, mode, values}.' };
  }
  const parsed = ReportFiltersSchema.safeParse(json);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Invalid filters.' };
  const seen = new Set<string>();
  for (const f of parsed.data) {
    if (seen.has(f.dimension)) return { error: `Dimension ${f.dimension} is filtered twice: combine its values in one filter.` };
    seen.add(f.dimension);
  }
  return { filters: parsed.data as ReportFilter[] };
}

/** The first filter whose dimension is not one of the report type's, if any. */
export function unknownFilterDimension(type: ReportType, filters: readonly { dimension: string }[]): string | undefined {
  const allowed = REPORT_DEFINITIONS[type].dimensions as readonly string[];
  return filters.find((f) => !allowed.includes(f.dimension))?.dimension;
}

/** The wire form; an empty list is no parameter at all. */
export function formatFilterParam(filters: readonly ReportFilter[]): string | undefined {
  const kept = filters.filter((f) => f.values.length > 0);
  return kept.length ? JSON.stringify(kept.map(({ dimension, mode, values }) => ({ dimension, mode, values }))) : undefined;
}
