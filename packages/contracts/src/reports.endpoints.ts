import { z } from 'zod';
import { ApiErrorSchema } from './api-error';
import { endpoint, XLSX_MEDIA_TYPE } from './endpoint';
import { ExportCreatedSchema, HomeSummarySchema, ReportCallQuerySchema, ReportResultSchema } from './report-call';

/** The report call (docs/product.md#api-client) and what the home page sums, on the reporting API path. */
export const reportsEndpoints = {
  homeSummary: endpoint({
    method: 'GET',
    path: '/api/partner-center/home-summary',
    operationId: 'getHomeSummary',
    summary: "The home page's revenue figures: yesterday and month to date, each against its comparison, in the publisher's calendar",
    tags: ['reports'],
    access: 'publisher',
    response: HomeSummarySchema,
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/partner-center/report/download',
    operationId: 'downloadReport',
    summary: 'A report of up to a few thousand rows as a CSV or XLSX file at once, without an export job',
    description: 'The same query as the report call, with `format`. A report with more rows answers 413: export it to a file instead.',
    tags: ['reports'],
    access: 'publisher',
    query: ReportCallQuerySchema,
    response: z.string().describe('The CSV or XLSX file'),
    produces: ['text/csv', XLSX_MEDIA_TYPE],
    otherResponses: { 413: ApiErrorSchema },
  }),
  report: endpoint({
    method: 'GET',
    path: '/api/partner-center/report',
    operationId: 'runReport',
    summary: 'The report call: rows and totals of a report, or an export of it to a file or an e-mail, or a finished export file',
    description:
      'Plain: the rows (200). `exportReportToFile=true`: an export job (202 with its report id); with `reportId` too: the finished file. `emailReportOutput=true`: the export e-mailed to the caller (202). Readable with a reporting API key.',
    tags: ['reports'],
    access: 'publisher',
    query: ReportCallQuerySchema,
    response: ReportResultSchema,
    otherResponses: { 202: ExportCreatedSchema, 409: ApiErrorSchema, 410: ApiErrorSchema },
  }),
} as const;
