import { z } from 'zod';
import { endpoint } from './endpoint';
import { AdsTxtAllPublishersItemSchema, AdsTxtBulkVerifySchema, AdsTxtSavedSchema } from './adstxt';

const tags = ['ads.txt'] as const;

export const AdsTxtRestoreParamsSchema = z.object({
  domainId: z.string().min(1).max(100),
  revisionId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
export const AdsTxtBulkVerifyResultSchema = z.object({ queued: z.number() });

/** Restore, every missing line at once, and the staff's all-publishers view with bulk verify. */
export const adsTxtBulkEndpoints = {
  restore: endpoint({
    method: 'POST',
    path: '/api/adstxt/domains/:domainId/revisions/:revisionId/restore',
    operationId: 'restoreAdsTxtRevision',
    summary: 'Save an earlier revision of a hosted file again as its newest',
    tags,
    access: 'publisher',
    params: AdsTxtRestoreParamsSchema,
    response: AdsTxtSavedSchema,
  }),
  allMissingLines: endpoint({
    method: 'GET',
    path: '/api/adstxt/missing-lines',
    operationId: 'downloadAllAdsTxtMissingLines',
    summary: 'The missing required lines of every domain of the publisher as one text file',
    tags,
    access: 'publisher',
    response: z.string(),
    produces: 'text/plain',
  }),
  allPublishers: endpoint({
    method: 'GET',
    path: '/api/adstxt/all-publishers',
    operationId: 'listAllPublishersAdsTxtDomains',
    summary: "Every publisher's domains with their ads.txt or app-ads.txt status",
    tags,
    access: 'staff',
    response: z.array(AdsTxtAllPublishersItemSchema),
  }),
  bulkVerify: endpoint({
    method: 'POST',
    path: '/api/adstxt/all-publishers/verify',
    operationId: 'verifyAdsTxtDomains',
    summary: 'Queue a crawl of the chosen domains of any publishers',
    tags,
    access: 'staff',
    body: AdsTxtBulkVerifySchema,
    response: AdsTxtBulkVerifyResultSchema,
  }),
} as const;
