import { sql } from 'kysely';
import type { Db } from '../db/pool';
import { inTransaction } from '../db/transaction';
import { auditRepo } from '../modules/audit';
import { partnerViewsRepo } from './partner-views.repo';
import { forgetCachedSessions, revokeUserSessions } from './sessions';

export type UserRow = {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  publisher_scope: string;
  admin_access: boolean;
  disabled: boolean;
  password_changed_at: Date;
  session_version: number;
};

const userColumns = [
  'id',
  'email',
  'password_hash',
  'first_name',
  'last_name',
  'publisher_scope',
  'admin_access',
  'disabled',
  'password_changed_at',
  'session_version',
] as const;

export function identityRepo(db: Db) {
  return {
    findUserByEmail(email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .select(userColumns)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },
    findUserById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
    },
    /** Also ends the user's sessions (migration 0010's trigger bumps the session version). */
    async setPassword(userId: string, passwordHash: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, password_changed_at: new Date() })
        .where('id', '=', userId)
        .execute();
      forgetCachedSessions(userId);
    },
    revokeSessions(userId: string): Promise<void> {
      return revokeUserSessions(db, userId);
    },
    async insertRefreshToken(userId: string, tokenHash: string, expiresAt: Date, scopeOverride: string | null): Promise<void> {
      await db
        .insertInto('refresh_tokens')
        .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, scope_override: scopeOverride, revoked_at: null })
        .execute();
    },
    /** Revokes and returns a live refresh token in one statement, so a token can be rotated once. */
    consumeRefreshToken(tokenHash: string) {
      return db
        .updateTable('refresh_tokens')
        .set({ revoked_at: new Date() })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning(['user_id', 'scope_override', 'expires_at'])
        .executeTakeFirst();
    },
    async revokeRefreshToken(tokenHash: string): Promise<void> {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: new Date() })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async revokeAllRefreshTokens(userId: string): Promise<void> {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: new Date() })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async insertCode(
      userId: string,
      purpose: 'password_reset' | 'custom_token',
      codeHash: string,
      expiresAt: Date,
      scopeOverride: string | null = null,
      partnerViewId: string | null = null,
    ): Promise<void> {
      await db
        .insertInto('one_time_codes')
        .values({
          user_id: userId,
          purpose,
          code_hash: codeHash,
          expires_at: expiresAt,
          scope_override: scopeOverride,
          partner_view_id: partnerViewId,
          used_at: null,
        })
        .execute();
    },
    /** A custom token of the user's own scope and its audit row (who, for whom, why, from where), together. */
    async insertCustomToken(userId: string, codeHash: string, expiresAt: Date, details: Record<string, unknown>): Promise<void> {
      await inTransaction(db, async (trx) => {
        await identityRepo(trx).insertCode(userId, 'custom_token', codeHash, expiresAt);
        await auditRepo(trx).record({ actorUserId: userId, publisherId: null, action: 'identity.custom_token', details });
      });
    },
    findLiveCode(purpose: 'password_reset' | 'custom_token', codeHash: string) {
      return db
        .selectFrom('one_time_codes')
        .select(['id', 'user_id', 'scope_override'])
        .where('purpose', '=', purpose)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .executeTakeFirst();
    },
    /** Marks a code used only if it still is unused: the single-use guarantee under concurrency. */
    consumeCode(purpose: 'password_reset' | 'custom_token', codeHash: string) {
      return db
        .updateTable('one_time_codes')
        .set({ used_at: new Date() })
        .where('purpose', '=', purpose)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning(['user_id', 'scope_override', 'partner_view_id'])
        .executeTakeFirst();
    },
    findLivePartnerView(id: string) {
      return partnerViewsRepo(db).findLive(id);
    },
    async invalidateCodes(userId: string, purpose: 'password_reset' | 'custom_token'): Promise<void> {
      await db
        .updateTable('one_time_codes')
        .set({ used_at: new Date() })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}
export type IdentityRepo = ReturnType<typeof identityRepo>;
