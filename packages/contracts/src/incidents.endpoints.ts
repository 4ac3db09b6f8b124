import { z } from 'zod';
import { endpoint } from './endpoint';
import {
  IncidentDetailSchema,
  IncidentEntitlementSchema,
  IncidentIngestSchema,
  IncidentListQuerySchema,
  IncidentNoteSchema,
  IncidentSchema,
} from './incidents';

const tags = ['incidents'] as const;
const IncidentIdParams = z.object({ id: z.string().min(1).max(64) });

export const IncidentSummarySchema = z.object({ open: z.number(), acknowledged: z.number() });
export type IncidentSummary = z.infer<typeof IncidentSummarySchema>;
export const IncidentIngestResultSchema = z.object({ id: z.string(), change: z.enum(['opened', 'reopened', 'appended']) });

/** The incidents API: a publisher's incidents and their workflow, and staff ingestion. */
export const incidentsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/incidents',
    operationId: 'listIncidents',
    summary: "The publisher's incidents, newest first, filtered by status, type, severity or site",
    tags,
    access: 'publisher',
    query: IncidentListQuerySchema,
    response: z.array(IncidentSchema),
  }),
  summary: endpoint({
    method: 'GET',
    path: '/api/incidents/summary',
    operationId: 'getIncidentSummary',
    summary: 'How many incidents are open and how many acknowledged',
    tags,
    access: 'publisher',
    response: IncidentSummarySchema,
  }),
  entitlements: endpoint({
    method: 'GET',
    path: '/api/incidents/entitlements',
    operationId: 'listIncidentExportSites',
    summary: 'The sites whose vulnerability report the publisher may download',
    tags,
    access: 'publisher',
    response: z.array(IncidentEntitlementSchema),
  }),
  vulnerabilitiesCsv: endpoint({
    method: 'GET',
    path: '/api/incidents/vulnerabilities.csv',
    operationId: 'downloadVulnerabilities',
    summary: "A site's vulnerability incidents as a CSV file",
    tags,
    access: 'publisher',
    query: z.object({ siteId: z.string().min(1).max(64) }),
    response: z.string(),
    produces: 'text/csv',
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/incidents/:id',
    operationId: 'getIncident',
    summary: 'One incident with its timeline',
    tags,
    access: 'publisher',
    params: IncidentIdParams,
    response: IncidentDetailSchema,
  }),
  acknowledge: endpoint({
    method: 'POST',
    path: '/api/incidents/:id/acknowledge',
    operationId: 'acknowledgeIncident',
    summary: 'Acknowledge an open incident, with an optional note',
    tags,
    access: 'publisher',
    params: IncidentIdParams,
    body: IncidentNoteSchema,
    response: IncidentSchema,
    otherResponses: { 409: z.unknown() },
  }),
  resolve: endpoint({
    method: 'POST',
    path: '/api/incidents/:id/resolve',
    operationId: 'resolveIncident',
    summary: 'Resolve an incident, with an optional note',
    tags,
    access: 'publisher',
    params: IncidentIdParams,
    body: IncidentNoteSchema,
    response: IncidentSchema,
    otherResponses: { 409: z.unknown() },
  }),
  ingest: endpoint({
    method: 'POST',
    path: '/api/staff/incidents',
    operationId: 'ingestIncident',
    summary: 'Report a problem found by another system: opens, reopens or appends to an incident by its key',
    tags,
    access: 'staff',
    body: IncidentIngestSchema,
    response: IncidentIngestResultSchema,
  }),
} as const;
