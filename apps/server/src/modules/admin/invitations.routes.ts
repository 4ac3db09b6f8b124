import type { FastifyInstance } from 'fastify';
import { invitationsEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import { bulkInvite } from './invitations-bulk';
import type { InvitationsService } from './invitations.service';

const uid = (req: { auth: { uid: string } | null }) => req.auth!.uid;

/** Invitations: admins manage them; the invitee previews and accepts with the e-mailed token. */
export async function invitationsRoutes(app: FastifyInstance, opts: { invitations: InvitationsService; ratePerMinute: number }) {
  const inv = opts.invitations;
  // The invitee has no account yet: public, rate-limited (the token is 256 random bits anyway).
  const limited = { rateLimit: { max: opts.ratePerMinute, timeWindow: 60_000 } };
  registerEndpoints(
    app,
    invitationsEndpoints,
    {
      list: (req) => inv.list({ status: req.query.status, search: req.query.search || undefined, limit: req.query.limit }),
      create: (req) => inv.create(uid(req), req.body),
      bulk: (req) => bulkInvite(inv, uid(req), req.body.csv),
      resend: (req) => inv.resend(uid(req), req.params.id),
      revoke: (req) => inv.revoke(uid(req), req.params.id),
      preview: (req) => inv.preview(req.body.token),
      accept: (req) => inv.accept(req.body),
    },
    { preview: limited, accept: limited },
  );
}
