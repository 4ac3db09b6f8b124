import { z } from 'zod';
import { endpoint, OkSchema } from './endpoint';
import { IdNumberField } from './fields';
import {
  AdsTxtDetailSchema,
  AdsTxtDiffSchema,
  AdsTxtItemSchema,
  AdsTxtRevisionSchema,
  AdsTxtSavedSchema,
  AdsTxtSaveRevisionSchema,
  AdsTxtTemplateInputSchema,
  AdsTxtTemplatePreviewSchema,
  AdsTxtTemplateSchema,
} from './adstxt';

const tags = ['ads.txt'] as const;

export const AdsTxtDomainParamsSchema = z.object({ domainId: z.string().min(1).max(100) });
export const AdsTxtRevisionParamsSchema = AdsTxtDomainParamsSchema.extend({ revisionId: IdNumberField() });
export const AdsTxtDiffQuerySchema = z.object({ from: IdNumberField(), to: IdNumberField() });

/** A publisher's ads.txt domains: their crawl, hosting, revisions and diff, all within the Publisher-Scope. */
export const adsTxtEndpoints = {
  listDomains: endpoint({
    method: 'GET',
    path: '/api/adstxt/domains',
    operationId: 'listAdsTxtDomains',
    summary: "The publisher's domains with their ads.txt or app-ads.txt status",
    tags,
    access: 'publisher',
    response: z.array(AdsTxtItemSchema),
  }),
  getDomain: endpoint({
    method: 'GET',
    path: '/api/adstxt/domains/:domainId',
    operationId: 'getAdsTxtDomain',
    summary: "One domain's file as crawled, its required and missing lines, hosting and sellers.json checks",
    tags,
    access: 'publisher',
    params: AdsTxtDomainParamsSchema,
    response: AdsTxtDetailSchema,
  }),
  verify: endpoint({
    method: 'POST',
    path: '/api/adstxt/domains/:domainId/verify',
    operationId: 'verifyAdsTxtDomain',
    summary: "Crawl a domain's file now, check its redirect to the hosted file, and answer what was found",
    tags,
    access: 'publisher',
    params: AdsTxtDomainParamsSchema,
    response: AdsTxtDetailSchema,
  }),
  activateHosting: endpoint({
    method: 'POST',
    path: '/api/adstxt/domains/:domainId/hosting',
    operationId: 'activateAdsTxtHosting',
    summary: "Host a domain's file here, to be reached by a redirect from the domain",
    tags,
    access: 'publisher',
    params: AdsTxtDomainParamsSchema,
    response: AdsTxtDetailSchema,
  }),
  missingLines: endpoint({
    method: 'GET',
    path: '/api/adstxt/domains/:domainId/missing-lines',
    operationId: 'downloadAdsTxtMissingLines',
    summary: "A domain's missing required lines as a text file",
    tags,
    access: 'publisher',
    params: AdsTxtDomainParamsSchema,
    response: z.string(),
    produces: 'text/plain',
  }),
  listRevisions: endpoint({
    method: 'GET',
    path: '/api/adstxt/domains/:domainId/revisions',
    operationId: 'listAdsTxtRevisions',
    summary: "A hosted file's saved revisions, newest first",
    tags,
    access: 'publisher',
    params: AdsTxtDomainParamsSchema,
    response: z.array(AdsTxtRevisionSchema),
  }),
  saveRevision: endpoint({
    method: 'POST',
    path: '/api/adstxt/domains/:domainId/revisions',
    operationId: 'saveAdsTxtRevision',
    summary: 'Save a new revision of a hosted file',
    tags,
    access: 'publisher',
    params: AdsTxtDomainParamsSchema,
    body: AdsTxtSaveRevisionSchema,
    response: AdsTxtSavedSchema,
    // The content may be 2 MiB (checked by the schema: 400); its JSON escaping adds some. Beyond
    // this the body is not even read: 413.
    bodyLimit: 3 * 1024 * 1024,
  }),
  getRevision: endpoint({
    method: 'GET',
    path: '/api/adstxt/domains/:domainId/revisions/:revisionId',
    operationId: 'downloadAdsTxtRevision',
    summary: 'One saved revision of a hosted file as a text file',
    tags,
    access: 'publisher',
    params: AdsTxtRevisionParamsSchema,
    response: z.string(),
    produces: 'text/plain',
  }),
  diff: endpoint({
    method: 'GET',
    path: '/api/adstxt/domains/:domainId/diff',
    operationId: 'diffAdsTxtRevisions',
    summary: 'The lines added and removed between two revisions of a hosted file',
    tags,
    access: 'publisher',
    params: AdsTxtDomainParamsSchema,
    query: AdsTxtDiffQuerySchema,
    response: AdsTxtDiffSchema,
  }),
} as const;

/** The provider-wide template of required lines: staff read it, admins preview and change it. */
export const adsTxtTemplateEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/adstxt/template',
    operationId: 'getAdsTxtTemplate',
    summary: 'The template of lines every publisher domain must carry, and who changed it last',
    tags,
    access: 'staff',
    response: AdsTxtTemplateSchema,
  }),
  preview: endpoint({
    method: 'POST',
    path: '/api/adstxt/template/preview',
    operationId: 'previewAdsTxtTemplate',
    summary: "A template's problems and its diff against the current one, without saving it",
    tags,
    access: 'admin',
    body: AdsTxtTemplateInputSchema,
    response: AdsTxtTemplatePreviewSchema,
  }),
  set: endpoint({
    method: 'PUT',
    path: '/api/adstxt/template',
    operationId: 'setAdsTxtTemplate',
    summary: 'Replace the template of required lines (audited)',
    tags,
    access: 'admin',
    body: AdsTxtTemplateInputSchema,
    response: OkSchema,
  }),
} as const;
