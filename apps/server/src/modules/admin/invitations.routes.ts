import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AcceptInvitationResultSchema,
  AcceptInvitationSchema,
  ApiErrorSchema,
  BulkInviteResultSchema,
  BulkInviteSchema,
  InvitationDataSchema,
  InvitationPreviewSchema,
  InvitationSchema,
  InvitationStatusSchema,
  InvitationTokenSchema,
} from '@pc/contracts';
import { errorResponses, typed } from '../../http/typed';
import { bulkInvite } from './invitations-bulk';
import type { InvitationsService } from './invitations.service';

const tags = ['admin'];
const Id = z.object({ id: z.uuid('No such invitation.') });

/** Invitations: admins manage them; the invitee previews and accepts with the e-mailed token. */
export async function invitationsRoutes(app: FastifyInstance, opts: { invitations: InvitationsService; ratePerMinute: number }) {
  const r = typed(app);
  const inv = opts.invitations;
  const uid = (req: { auth: { uid: string } | null }) => req.auth!.uid;
  const admin = { access: 'admin' as const };
  const withConflict = { 200: InvitationSchema, 409: ApiErrorSchema, ...errorResponses };

  r.get(
    '/api/admin/invitations',
    {
      config: admin,
      schema: {
        tags,
        querystring: z.object({
          status: InvitationStatusSchema.optional(),
          search: z.string().trim().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(200),
        }),
        response: { 200: z.array(InvitationSchema), ...errorResponses },
      },
    },
    async (req) => inv.list({ status: req.query.status, search: req.query.search || undefined, limit: req.query.limit }),
  );
  r.post('/api/admin/invitations', { config: admin, schema: { tags, body: InvitationDataSchema, response: withConflict } }, async (req) =>
    inv.create(uid(req), req.body),
  );
  r.post(
    '/api/admin/invitations/bulk',
    { config: admin, schema: { tags, body: BulkInviteSchema, response: { 200: BulkInviteResultSchema, ...errorResponses } } },
    async (req) => bulkInvite(inv, uid(req), req.body.csv),
  );
  r.post('/api/admin/invitations/:id/resend', { config: admin, schema: { tags, params: Id, response: withConflict } }, async (req) =>
    inv.resend(uid(req), req.params.id),
  );
  r.post('/api/admin/invitations/:id/revoke', { config: admin, schema: { tags, params: Id, response: withConflict } }, async (req) =>
    inv.revoke(uid(req), req.params.id),
  );

  // The invitee has no account yet: public, rate-limited (the token is 256 random bits anyway).
  const limited = { access: 'public' as const, rateLimit: { max: opts.ratePerMinute, timeWindow: 60_000 } };
  r.post(
    '/api/invitations/preview',
    {
      config: limited,
      schema: { tags: ['identity'], body: InvitationTokenSchema, response: { 200: InvitationPreviewSchema, ...errorResponses } },
    },
    async (req) => inv.preview(req.body.token),
  );
  r.post(
    '/api/invitations/accept',
    {
      config: limited,
      schema: {
        tags: ['identity'],
        body: AcceptInvitationSchema,
        response: { 200: AcceptInvitationResultSchema, 409: ApiErrorSchema, ...errorResponses },
      },
    },
    async (req) => inv.accept(req.body),
  );
}
