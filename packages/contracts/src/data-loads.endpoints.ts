import { endpoint } from './endpoint';
import { DataLoadsQuerySchema, DataLoadsSchema } from './data-loads';

/** Report data loads: an operations view for provider admins (it names files and their errors). */
export const dataLoadsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/data-loads',
    operationId: 'listDataLoads',
    summary: 'Loads of report facts into the analytics engine: the latest per report type and every load, newest first',
    tags: ['admin'],
    access: 'admin',
    query: DataLoadsQuerySchema,
    response: DataLoadsSchema,
  }),
} as const;
