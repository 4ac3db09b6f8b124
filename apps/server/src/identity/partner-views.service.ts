import type { Db } from '../db/pool';
import { inTransaction } from '../db/transaction';
import { HttpError } from '../lib/http-error';
import { auditRepo } from '../modules/audit';
import { identityRepo } from './identity.repo';
import { partnerViewsRepo } from './partner-views.repo';
import { randomSecret, sha256 } from './passwords';
import { forgetCachedSessions } from './sessions';

/** A partner view lasts at most this long; its ID token ends with it and it has no refresh token. */
export const PARTNER_VIEW_TTL_MS = 3600_000;
/** The single-use token that opens the view must be exchanged within this. */
const OPEN_TOKEN_TTL_MS = 5 * 60_000;

const notAPartnerView = () => new HttpError(409, 'This session is not a sign-in as partner.', 'Conflict');

export interface Admin {
  uid: string;
  email: string;
}

/**
 * "Sign in as partner": the one way to a partner-scoped session of a staff account. The view is a
 * row (partner_views) whose id the view's ID token carries; Exit ends the row, and every process
 * refuses the token from then on (identity/sessions.ts, told by the row's NOTIFY trigger).
 */
export function createPartnerViewService(db: Db) {
  return {
    /** The view, its single-use opening token and the start audit row, in one transaction. */
    async start(admin: Admin, publisherId: string, reason: string, ip: string): Promise<{ token: string; expiresIn: number }> {
      const token = randomSecret();
      const now = Date.now();
      await inTransaction(db, async (trx) => {
        const viewId = await partnerViewsRepo(trx).insert({
          userId: admin.uid,
          publisherId,
          reason,
          expiresAt: new Date(now + PARTNER_VIEW_TTL_MS),
        });
        await identityRepo(trx).insertCode(
          admin.uid,
          'custom_token',
          sha256(token),
          new Date(now + OPEN_TOKEN_TTL_MS),
          publisherId,
          viewId,
        );
        await auditRepo(trx).record({
          actorUserId: admin.uid,
          publisherId,
          action: 'impersonation.start',
          details: { reason, by: admin.email, ip, partnerView: viewId },
        });
      });
      // This process sees the new view at once; the others when the trigger's NOTIFY arrives.
      forgetCachedSessions(admin.uid);
      return { token, expiresIn: OPEN_TOKEN_TTL_MS / 1000 };
    },

    /** Exit: ends the view the caller's token belongs to (409 for any other session) and audits it. */
    async end(admin: Admin, viewId: string | undefined, ip: string): Promise<void> {
      if (!viewId) throw notAPartnerView();
      await inTransaction(db, async (trx) => {
        const ended = await partnerViewsRepo(trx).end(viewId, admin.uid);
        if (!ended) throw notAPartnerView();
        await auditRepo(trx).record({
          actorUserId: admin.uid,
          publisherId: ended.publisher_id,
          action: 'impersonation.end',
          details: { by: admin.email, ip, partnerView: viewId },
        });
      });
      // This process refuses the token at once; the others when the trigger's NOTIFY arrives.
      forgetCachedSessions(admin.uid);
    },
  };
}
export type PartnerViewService = ReturnType<typeof createPartnerViewService>;
