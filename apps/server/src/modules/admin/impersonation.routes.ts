import type { FastifyInstance } from 'fastify';
import { ApiErrorSchema, ImpersonateSchema, ImpersonationTokenSchema } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { errorResponses, OkSchema, typed } from '../../http/typed';
import type { IdentityService } from '../../identity/identity.service';
import { notFound } from '../../lib/http-error';
import { auditRepo } from '../audit/audit.repo';
import { inTransaction } from '../../db/transaction';
import { conflict } from './admin-scope';

/**
 * Sign in as partner (the spec's custom-token sign-in): an admin gets a single-use token, valid
 * for minutes, that opens a session of their own account limited to one publisher without admin
 * access. Start and end are audited with who, which partner and why.
 */
export async function impersonationRoutes(app: FastifyInstance, opts: { db: Db; identity: IdentityService }) {
  const r = typed(app);
  const { db } = opts;
  r.post(
    '/api/admin/impersonate',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], body: ImpersonateSchema, response: { 200: ImpersonationTokenSchema, ...errorResponses } },
    },
    async (req) => {
      const pub = await db.selectFrom('publishers').select(['id', 'name']).where('id', '=', req.body.publisherId).executeTakeFirst();
      if (!pub) throw notFound('No such partner.');
      // Minted first: the audit row is the last write, committed with a retry's Idempotency-Key mark
      // (a failed audit answers 5xx and the unused token expires; a retry mints another).
      const minted = await opts.identity.mintCustomToken({ uid: req.auth!.uid, internal: true }, pub.id);
      await inTransaction(db, (trx) =>
        auditRepo(trx).record({
          actorUserId: req.auth!.uid,
          publisherId: pub.id,
          action: 'impersonation.start',
          details: { reason: req.body.reason, by: req.auth!.email },
        }),
      );
      return { ...minted, publisherName: pub.name };
    },
  );
  // Called from the partner view itself, whose token is scoped to the partner (not staff).
  r.post(
    '/api/admin/impersonate/end',
    { config: { access: 'signedIn' }, schema: { tags: ['admin'], response: { 200: OkSchema, 409: ApiErrorSchema, ...errorResponses } } },
    async (req) => {
      const user = await db.selectFrom('users').select('publisher_scope').where('id', '=', req.auth!.uid).executeTakeFirst();
      const scope = req.auth!.scope;
      // A staff account holding a partner-scoped token is a sign-in as partner; anything else is not.
      if (user?.publisher_scope !== 'ALL' || scope.type !== 'external_single') throw conflict('This session is not a sign-in as partner.');
      await inTransaction(db, (trx) =>
        auditRepo(trx).record({
          actorUserId: req.auth!.uid,
          publisherId: scope.publisherId,
          action: 'impersonation.end',
          details: { by: req.auth!.email },
        }),
      );
      return { ok: true as const };
    },
  );
}
