import { z } from 'zod';
import { endpoint } from './endpoint';
import { RevenueAnomaliesQuerySchema, RevenueAnomalySchema } from './revenue-anomalies';

/** Revenue anomalies: on the reporting API path, so a reporting API key reads them too. */
export const revenueAnomaliesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/partner-center/revenue-anomalies',
    operationId: 'listRevenueAnomalies',
    summary: 'Unusual revenue days the daily scan found (revenue incidents), with the day, the usual revenue and why it moved',
    description:
      'Each day after facts are loaded, the publisher total, each site and each product type of each site is judged against the median of the same weekday over eight weeks. An unusual day is a revenue incident, resolved when a later day is back in range. At most 100, newest first. Readable with a reporting API key.',
    tags: ['reports'],
    access: 'publisher',
    query: RevenueAnomaliesQuerySchema,
    response: z.array(RevenueAnomalySchema),
  }),
} as const;
