import { endpoint } from './endpoint';
import { ApiErrorSchema } from './api-error';
import { StreamedFileSchema } from './endpoint';
import { DataLoadsQuerySchema, DataLoadsSchema, IngestParamsSchema, IngestResultSchema } from './data-loads';

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
  ingest: endpoint({
    method: 'POST',
    path: '/api/admin/data-loads/:reportType',
    operationId: 'ingestReportFacts',
    summary: 'Load a report facts file: each (publisher, day) in it replaces what was stored, or nothing is applied',
    description:
      'The body is the file as CSV (`text/csv`) or NDJSON (`application/x-ndjson`), in the layout of apps/server/src/modules/reports/ingest/FORMAT.md, streamed: any size. The same ingestion as `npm run cli -- ingest`, recorded under Data loads. A bad row or a repeated key rejects the whole file (400, `fields` names each line); another ingestion running answers 409.',
    tags: ['admin'],
    access: 'admin',
    params: IngestParamsSchema,
    consumes: ['text/csv', 'application/x-ndjson'],
    body: StreamedFileSchema,
    response: IngestResultSchema,
    otherResponses: { 409: ApiErrorSchema },
  }),
} as const;
