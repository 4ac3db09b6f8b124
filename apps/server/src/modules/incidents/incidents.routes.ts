import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  IncidentDetailSchema,
  IncidentEntitlementSchema,
  IncidentIngestSchema,
  IncidentListQuerySchema,
  IncidentNoteSchema,
  IncidentSchema,
} from '@pc/contracts';
import { errorResponses, typed } from '../../http/typed';
import type { IncidentsService } from './incidents.service';

const tags = ['incidents'];
const IdParams = z.object({ id: z.string().min(1).max(64) });

export async function incidentsRoutes(app: FastifyInstance, opts: { incidents: IncidentsService }) {
  const r = typed(app);
  const s = opts.incidents;
  const ctx = (req: { auth: { uid: string } | null; publisherId: string | null }) => ({
    uid: req.auth!.uid,
    publisherId: req.publisherId!,
  });
  const access = { access: 'publisher' as const };

  r.get(
    '/api/incidents',
    {
      config: access,
      schema: { tags, querystring: IncidentListQuerySchema, response: { 200: z.array(IncidentSchema), ...errorResponses } },
    },
    async (req) => s.list(ctx(req), req.query),
  );
  r.get(
    '/api/incidents/summary',
    { config: access, schema: { tags, response: { 200: z.object({ open: z.number(), acknowledged: z.number() }), ...errorResponses } } },
    async (req) => s.openSummary(ctx(req)),
  );
  r.get(
    '/api/incidents/entitlements',
    { config: access, schema: { tags, response: { 200: z.array(IncidentEntitlementSchema), ...errorResponses } } },
    async (req) => s.entitlements(ctx(req)),
  );
  r.get(
    '/api/incidents/vulnerabilities.csv',
    {
      config: access,
      schema: { tags, querystring: z.object({ siteId: z.string().min(1).max(64) }), response: { 200: z.string(), ...errorResponses } },
    },
    async (req, reply) => {
      await s.assertExportAllowed(ctx(req), req.query.siteId);
      const out = new PassThrough();
      // Streamed: rows are written page by page while the client reads.
      void s
        .exportVulnerabilities(ctx(req), req.query.siteId, out)
        .then(() => out.end())
        .catch((err: unknown) => out.destroy(err as Error));
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="vulnerabilities-site-${req.query.siteId.replace(/[^A-Za-z0-9_-]/g, '_')}.csv"`,
          )
          // Fastify pipes a stream as is (no serialisation); the schema's z.string() documents the CSV.
          .send(out as unknown as string)
      );
    },
  );
  r.get(
    '/api/incidents/:id',
    { config: access, schema: { tags, params: IdParams, response: { 200: IncidentDetailSchema, ...errorResponses } } },
    async (req) => s.get(ctx(req), req.params.id),
  );
  r.post(
    '/api/incidents/:id/acknowledge',
    {
      config: access,
      schema: { tags, params: IdParams, body: IncidentNoteSchema, response: { 200: IncidentSchema, 409: z.unknown(), ...errorResponses } },
    },
    async (req) => s.acknowledge(ctx(req), req.params.id, req.body.note),
  );
  r.post(
    '/api/incidents/:id/resolve',
    {
      config: access,
      schema: { tags, params: IdParams, body: IncidentNoteSchema, response: { 200: IncidentSchema, 409: z.unknown(), ...errorResponses } },
    },
    async (req) => s.resolve(ctx(req), req.params.id, req.body.note),
  );
  r.post(
    '/api/staff/incidents',
    {
      config: { access: 'staff' as const },
      schema: {
        tags,
        body: IncidentIngestSchema,
        response: { 200: z.object({ id: z.string(), change: z.enum(['opened', 'reopened', 'appended']) }), ...errorResponses },
      },
    },
    async (req) => s.ingest(req.auth!.uid, req.body),
  );
}
