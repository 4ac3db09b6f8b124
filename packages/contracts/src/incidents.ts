import { z } from 'zod';

/** Incidents: shapes shared by the API, the OpenAPI doc and the web pages. */
export const INCIDENT_TYPES = ['downtime', 'certificate', 'adstxt', 'vulnerability', 'revenue', 'other'] as const;
export const IncidentTypeSchema = z.enum(INCIDENT_TYPES);
export type IncidentType = z.infer<typeof IncidentTypeSchema>;
export const IncidentSeveritySchema = z.enum(['low', 'medium', 'high', 'critical']);
export type IncidentSeverity = z.infer<typeof IncidentSeveritySchema>;
export const IncidentStatusSchema = z.enum(['open', 'acknowledged', 'resolved']);
export type IncidentStatus = z.infer<typeof IncidentStatusSchema>;

/** The spec's Incident entity plus what the workflow needs. `lastOccurrence` is seconds since epoch. */
export const IncidentSchema = z.object({
  id: z.string(),
  publisherId: z.string(),
  siteId: z.string().nullable(),
  siteName: z.string().nullable(),
  /** Where it happened, for people: the site's name, else what it concerns (a monitor's host), else "All sites". */
  scopeLabel: z.string(),
  status: IncidentStatusSchema,
  type: IncidentTypeSchema,
  severity: IncidentSeveritySchema,
  category: z.string(),
  title: z.string(),
  new: z.boolean(),
  lastOccurrence: z.number().int(),
  firstOccurrence: z.number().int(),
  occurrences: z.number().int(),
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type Incident = z.infer<typeof IncidentSchema>;

export const IncidentEventSchema = z.object({
  kind: z.enum(['occurrence', 'acknowledged', 'resolved', 'reopened']),
  at: z.string(),
  actor: z.string().nullable(),
  note: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type IncidentEvent = z.infer<typeof IncidentEventSchema>;

export const IncidentDetailSchema = IncidentSchema.extend({ events: z.array(IncidentEventSchema) });
export type IncidentDetail = z.infer<typeof IncidentDetailSchema>;

export const IncidentListQuerySchema = z.object({
  status: IncidentStatusSchema.optional(),
  type: IncidentTypeSchema.optional(),
  severity: IncidentSeveritySchema.optional(),
  siteId: z.string().max(64).optional(),
});
export type IncidentListQuery = z.infer<typeof IncidentListQuerySchema>;

export const IncidentNoteSchema = z.object({
  note: z.string().trim().max(2000, 'Use at most 2000 characters.').default(''),
});
export type IncidentNote = z.infer<typeof IncidentNoteSchema>;

/** Staff ingestion: what other systems detect (vulnerability scanners among them). */
export const IncidentIngestSchema = z.object({
  publisherId: z.string().min(1, 'Choose a publisher.').max(64),
  siteId: z.string().min(1).max(64).nullable(),
  type: IncidentTypeSchema,
  severity: IncidentSeveritySchema,
  category: z.string().trim().min(1, 'Category is required!').max(120, 'Use at most 120 characters.'),
  /** Same key while the same problem persists: repeated reports append occurrences. */
  key: z.string().trim().min(1, 'Key is required!').max(300, 'Use at most 300 characters.'),
  title: z.string().trim().min(1, 'Title is required!').max(300, 'Use at most 300 characters.'),
  detail: z.record(z.string(), z.unknown()).default({}),
  /** When the problem was seen (ISO 8601 with offset), if earlier than now: kept as the incident's start. */
  occurredAt: z.iso
    .datetime({ offset: true, message: 'Give the time as ISO 8601, e.g. 2024-05-01T12:00:00Z.' })
    .refine((v) => Date.parse(v) <= Date.now() + 60_000, 'The occurrence time cannot be in the future.')
    .optional(),
});
export type IncidentIngest = z.infer<typeof IncidentIngestSchema>;

export const IncidentEntitlementSchema = z.object({
  entitlementsExportSiteId: z.string(),
  entitlementsExportSite: z.string(),
});
export type IncidentEntitlement = z.infer<typeof IncidentEntitlementSchema>;
