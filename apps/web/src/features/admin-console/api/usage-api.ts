import { usageEndpoints as endpoints, type EndpointInput, type UsageExportKind } from '@pc/contracts';
import { call, useEndpoint } from '../../../lib/endpoints';

export type UsageReportQuery = EndpointInput<typeof endpoints.report>['query'];

/** Usage analytics are provider-wide: the key carries no publisher. A null query loads nothing yet. */
export const useUsageReport = (query: UsageReportQuery | null) => useEndpoint(endpoints.report, null, query ? { query } : null);

export const exportUsageCsv = (query: UsageReportQuery, kind: UsageExportKind) =>
  call(endpoints.exportCsv, { query: { ...query, kind } }, { publisherId: null });
