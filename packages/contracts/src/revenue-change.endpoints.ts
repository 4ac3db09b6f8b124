import { endpoint } from './endpoint';
import { RevenueChangeQuerySchema, RevenueChangeSchema } from './revenue-change';

/** Why revenue moved: on the reporting API path, so a reporting API key reads it too. */
export const revenueChangeEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/partner-center/revenue-change',
    operationId: 'explainRevenueChange',
    summary: 'Why revenue changed between two periods: volume against price, and the sites, product types, sizes and brands that moved it',
    description:
      'Every split sums to the total change to the cent (amounts in cents). A period the report would not compare (it includes today, or the compared period has missing or partial data) gets its reason instead of an explanation. Readable with a reporting API key.',
    tags: ['reports'],
    access: 'publisher',
    query: RevenueChangeQuerySchema,
    response: RevenueChangeSchema,
  }),
} as const;
