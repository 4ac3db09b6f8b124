import { dataLoadsEndpoints as endpoints, DataLoadSchema } from '@pc/contracts';
import { useEndpoint } from '../../../lib/endpoints';

/** The option a filter names, or none when it is empty (or names no option). */
const pick = <T extends string>(options: readonly T[], value: string): T | undefined => options.find((o) => o === value);

/** Report data loads are provider-wide: the key carries no publisher. Empty filters are left out. */
export function useDataLoads(reportType: string, status: string) {
  const type = pick(DataLoadSchema.shape.reportType.options, reportType);
  const outcome = pick(DataLoadSchema.shape.status.options, status);
  return useEndpoint(endpoints.list, null, { query: { ...(type ? { reportType: type } : {}), ...(outcome ? { status: outcome } : {}) } });
}
