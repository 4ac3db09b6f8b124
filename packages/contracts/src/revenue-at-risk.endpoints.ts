import { z } from 'zod';
import { endpoint } from './endpoint';
import { RevenueAtRiskQuerySchema, RevenueAtRiskSchema } from './revenue-at-risk';

const description =
  'Money per day at risk per site and cause (ads.txt, downtime, page speed, blocking rules), priced from the last 28 complete days of the portal’s own facts; a cause without enough data says so instead of a number. Readable with a reporting API key.';

/** Revenue at risk: on the reporting API path, so a reporting API key reads it too. */
export const revenueAtRiskEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/partner-center/revenue-at-risk',
    operationId: 'getRevenueAtRisk',
    summary: 'Revenue at risk per day, per site and cause, with each formula and its inputs',
    description,
    tags: ['reports'],
    access: 'publisher',
    query: RevenueAtRiskQuerySchema,
    response: RevenueAtRiskSchema,
  }),
  csv: endpoint({
    method: 'GET',
    path: '/api/partner-center/revenue-at-risk.csv',
    operationId: 'downloadRevenueAtRisk',
    summary: 'Revenue at risk as a CSV file: one row per site and cause',
    description,
    tags: ['reports'],
    access: 'publisher',
    query: RevenueAtRiskQuerySchema,
    response: z.string(),
    produces: 'text/csv',
  }),
} as const;
