import { sql } from 'kysely';
import type { Db } from '../../db/pool';

const columns = [
  'invitations.id',
  'invitations.email',
  'publisher_ids',
  'invitations.admin_access',
  'media_owner_ids',
  'status',
  'expires_at',
  'sent_at',
  'accepted_at',
  'invitations.created_at',
  'invited_by',
] as const;

/** SQL for invitations; the link's token is only ever stored as its SHA-256. */
export function invitationsRepo(db: Db) {
  const base = () =>
    db
      .selectFrom('invitations')
      .leftJoin('users as inviter', 'inviter.id', 'invitations.invited_by')
      .select(columns)
      .select(['inviter.email as invited_by_email'])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('users')
              .whereRef(sql`lower(users.email)`, '=', sql`lower(invitations.email)`)
              .select('users.id'),
          )
          .as('existing_user'),
      );
  return {
    async list(f: { status?: 'pending' | 'accepted' | 'expired' | 'revoked'; search?: string; limit: number }) {
      let q = base().orderBy('invitations.created_at', 'desc').limit(f.limit);
      if (f.search) q = q.where('invitations.email', 'ilike', `%${f.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
      if (f.status === 'expired') q = q.where('status', '=', 'pending').where('expires_at', '<=', new Date());
      else if (f.status === 'pending') q = q.where('status', '=', 'pending').where('expires_at', '>', new Date());
      else if (f.status) q = q.where('status', '=', f.status);
      return q.execute();
    },
    get: (id: string) => base().where('invitations.id', '=', id).executeTakeFirst(),
    livePendingFor: (email: string) =>
      db
        .selectFrom('invitations')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .where('status', '=', 'pending')
        .where('expires_at', '>', new Date())
        .executeTakeFirst(),
    async insert(v: {
      email: string;
      publisherIds: string[];
      adminAccess: boolean;
      mediaOwnerIds: string[];
      tokenHash: string;
      expiresAt: Date;
      invitedBy: string;
    }): Promise<string> {
      const row = await db
        .insertInto('invitations')
        .values({
          email: v.email,
          publisher_ids: v.publisherIds,
          admin_access: v.adminAccess,
          media_owner_ids: v.mediaOwnerIds,
          token_hash: v.tokenHash,
          expires_at: v.expiresAt,
          invited_by: v.invitedBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async renew(id: string, tokenHash: string, expiresAt: Date) {
      await db
        .updateTable('invitations')
        .set({ token_hash: tokenHash, expires_at: expiresAt, sent_at: null })
        .where('id', '=', id)
        .execute();
    },
    async markSent(id: string) {
      await db.updateTable('invitations').set({ sent_at: new Date() }).where('id', '=', id).execute();
    },
    async revoke(id: string) {
      await db
        .updateTable('invitations')
        .set({ status: 'revoked', revoked_at: new Date(), token_hash: null })
        .where('id', '=', id)
        .execute();
    },
    findLive: (tokenHash: string) =>
      db
        .selectFrom('invitations')
        .select(['id', 'email', 'publisher_ids', 'expires_at'])
        .where('token_hash', '=', tokenHash)
        .where('status', '=', 'pending')
        .where('expires_at', '>', new Date())
        .executeTakeFirst(),
    /** Marks a live invitation accepted only if it still is pending: single use under concurrency. */
    consume: (tokenHash: string) =>
      db
        .updateTable('invitations')
        .set({ status: 'accepted', accepted_at: new Date(), token_hash: null })
        .where('token_hash', '=', tokenHash)
        .where('status', '=', 'pending')
        .where('expires_at', '>', new Date())
        .returning(['id', 'email', 'publisher_ids', 'admin_access', 'media_owner_ids'])
        .executeTakeFirst(),
    async setAcceptedUser(id: string, userId: string) {
      await db.updateTable('invitations').set({ accepted_user_id: userId }).where('id', '=', id).execute();
    },
    async insertUser(v: { email: string; passwordHash: string; firstName: string; lastName: string; scope: string; adminAccess: boolean }) {
      const row = await db
        .insertInto('users')
        .values({
          email: v.email,
          password_hash: v.passwordHash,
          first_name: v.firstName,
          last_name: v.lastName,
          publisher_scope: v.scope,
          admin_access: v.adminAccess,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
export type InvitationRow = NonNullable<Awaited<ReturnType<ReturnType<typeof invitationsRepo>['get']>>>;
