import { Routes, type AcceptInvitation, type Invitation, type InvitationData, type InvitationPreview } from '@pc/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import { endUserSessions } from '../../identity/end-user-sessions';
import { hashPassword, randomSecret, sha256 } from '../../identity/passwords';
import { badRequest, notFound } from '../../lib/http-error';
import type { Mailer } from '../../mail/mailer';
import { auditRepo } from '../audit';
import { adminUsersRepo } from './admin-users.repo';
import { checkScope, conflict, scopeIds, scopeString } from './admin-scope';
import { invitationMail } from './invitation-mail';
import { invitationsRepo, type InvitationRow } from './invitations.repo';

export interface InvitationsDeps {
  db: Db;
  mailer: Mailer;
  log: Logger;
  publicUrl: string;
  productName: string;
  ttlDays: number;
  allowedAdminEmail: string | null;
  now?: () => Date;
}

const invalidLink = () =>
  badRequest('This invitation link is invalid, already used, revoked or expired. Ask for a new invitation.', {
    token: 'Invalid or expired invitation.',
  });

export const toInvitation = (r: InvitationRow, now: Date): Invitation => ({
  id: r.id,
  email: r.email,
  publisherIds: r.publisher_ids,
  adminAccess: r.admin_access,
  mediaOwnerIds: r.media_owner_ids,
  status: r.status === 'pending' && r.expires_at <= now ? 'expired' : r.status,
  existingUser: Boolean(r.existing_user),
  invitedBy: r.invited_by_email ?? null,
  created: r.created_at.toISOString(),
  expires: r.expires_at.toISOString(),
  sent: r.sent_at ? r.sent_at.toISOString() : null,
  accepted: r.accepted_at ? r.accepted_at.toISOString() : null,
});

/**
 * Invitations: create with the spec's invitation data, e-mail a single-use link that expires,
 * resend (new link, new period), revoke, and accept (new user with exactly the invited scope, or
 * an existing media owner's scope grows and their sessions end so they renew with it).
 */
export function createInvitationsService(deps: InvitationsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const expiry = () => new Date(now().getTime() + deps.ttlDays * 86_400_000);
  const load = async (id: string) => {
    const row = await invitationsRepo(db).get(id);
    if (!row) throw notFound('No such invitation.');
    return row;
  };

  // After the commit: the outbox row is the record; a failed SMTP send leaves sent empty (resend).
  async function mail(id: string, token: string) {
    const row = await load(id);
    const partners = row.publisher_ids.includes('ALL')
      ? ['All partners (provider staff)']
      : await adminUsersRepo(db).publisherNames(row.publisher_ids);
    try {
      await deps.mailer.send(
        invitationMail({
          to: row.email,
          link: `${deps.publicUrl.replace(/\/$/, '')}${Routes.acceptInvitation}?token=${encodeURIComponent(token)}`,
          partners,
          expires: row.expires_at,
          inviter: row.invited_by_email ?? null,
          productName: deps.productName,
          existingUser: Boolean(row.existing_user),
          secret: token,
        }),
      );
      await invitationsRepo(db).markSent(id);
    } catch (err) {
      deps.log.error({ err: (err as Error).message, invitation: id }, 'invitation e-mail not sent');
    }
    return toInvitation(await load(id), now());
  }

  async function validate(trx: Db, actor: string, data: InvitationData) {
    const users = adminUsersRepo(trx);
    const ids = [...new Set(data.publisherIds)].sort();
    checkScope({
      email: data.email,
      publisherIds: ids,
      adminAccess: data.adminAccess,
      existing: await users.existingPublishers(ids.filter((x) => x !== 'ALL')),
      allowedAdminEmail: deps.allowedAdminEmail,
    });
    const outside = data.mediaOwnerIds.filter((m) => !ids.includes('ALL') && !ids.includes(m));
    if (outside.length > 0)
      throw badRequest('Media owners must be among the invited partners.', {
        mediaOwnerIds: `Not among the partners: ${outside.join(', ')}.`,
      });
    const user = await users.byEmail(data.email);
    if (user?.publisher_scope === 'ALL') throw conflict('This person is already provider staff.', { email: 'Already provider staff.' });
    if (user && ids.includes('ALL'))
      throw conflict('This address belongs to a media owner; staff access cannot be added by invitation.', {
        email: 'Already a media owner.',
      });
    if (user?.disabled) throw conflict('This account is disabled; enable it in Users first.', { email: 'The account is disabled.' });
    if (user && ids.every((id) => scopeIds(user.publisher_scope).includes(id)))
      throw conflict('This user already has access to these partners.', { publisherIds: 'Already in the user’s scope.' });
    if (await invitationsRepo(trx).livePendingFor(data.email))
      throw conflict('A pending invitation for this address exists: resend or revoke it.', { email: 'A pending invitation exists.' });
    void actor;
    return ids;
  }

  return {
    async list(f: { status?: 'pending' | 'accepted' | 'expired' | 'revoked'; search?: string; limit: number }): Promise<Invitation[]> {
      const t = now();
      return (await invitationsRepo(db).list(f)).map((r) => toInvitation(r, t));
    },

    async create(actor: string, data: InvitationData): Promise<Invitation> {
      const token = randomSecret();
      const id = await inTransaction(db, async (trx) => {
        const ids = await validate(trx, actor, data);
        const mediaOwnerIds = [...new Set(data.mediaOwnerIds)].sort();
        const id = await invitationsRepo(trx).insert({
          email: data.email.trim(),
          publisherIds: ids,
          adminAccess: data.adminAccess,
          mediaOwnerIds,
          tokenHash: sha256(token),
          expiresAt: expiry(),
          invitedBy: actor,
        });
        await auditRepo(trx).record({
          actorUserId: actor,
          publisherId: ids.length === 1 && ids[0] !== 'ALL' ? ids[0]! : null,
          action: 'invitation.create',
          details: { invitationId: id, after: { email: data.email, publisherIds: ids, adminAccess: data.adminAccess, mediaOwnerIds } },
        });
        return id;
      });
      return mail(id, token);
    },

    async resend(actor: string, id: string): Promise<Invitation> {
      const token = randomSecret();
      await inTransaction(db, async (trx) => {
        const row = await invitationsRepo(trx).get(id);
        if (!row) throw notFound('No such invitation.');
        if (row.status !== 'pending') throw conflict(`This invitation is ${row.status}; create a new one instead.`);
        // A new link replaces the old one (the old one stops working) and the period starts again.
        await invitationsRepo(trx).renew(id, sha256(token), expiry());
        await auditRepo(trx).record({
          actorUserId: actor,
          publisherId: null,
          action: 'invitation.resend',
          details: { invitationId: id, email: row.email },
        });
      });
      return mail(id, token);
    },

    async revoke(actor: string, id: string): Promise<Invitation> {
      await inTransaction(db, async (trx) => {
        const row = await invitationsRepo(trx).get(id);
        if (!row) throw notFound('No such invitation.');
        if (row.status !== 'pending') throw conflict(`This invitation is already ${row.status}.`);
        await invitationsRepo(trx).revoke(id);
        await auditRepo(trx).record({
          actorUserId: actor,
          publisherId: null,
          action: 'invitation.revoke',
          details: { invitationId: id, email: row.email },
        });
      });
      return toInvitation(await load(id), now());
    },

    async preview(token: string): Promise<InvitationPreview> {
      const row = await invitationsRepo(db).findLive(sha256(token));
      if (!row) throw invalidLink();
      const users = adminUsersRepo(db);
      return {
        email: row.email,
        partners: row.publisher_ids.includes('ALL') ? ['All partners (provider staff)'] : await users.publisherNames(row.publisher_ids),
        existingUser: Boolean(await users.byEmail(row.email)),
        expires: row.expires_at.toISOString(),
      };
    },

    async accept(input: AcceptInvitation): Promise<{ email: string; existingUser: boolean }> {
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      return inTransaction(db, async (trx) => {
        const inv = await invitationsRepo(trx).consume(sha256(input.token));
        if (!inv) throw invalidLink();
        const users = adminUsersRepo(trx);
        const user = await users.byEmail(inv.email);
        let userId: string;
        if (user) {
          if (user.disabled || user.publisher_scope === 'ALL') throw invalidLink();
          // A media owner with several accounts: the scope grows; sessions end so they renew with it.
          const scope = scopeString([...scopeIds(user.publisher_scope), ...inv.publisher_ids]);
          await users.update(user.id, { publisher_scope: scope });
          await endUserSessions(trx, user.id);
          userId = user.id;
        } else {
          const fields: Record<string, string> = {};
          if (!input.firstName) fields.firstName = 'First Name is required!';
          if (!input.lastName) fields.lastName = 'Last Name is required!';
          if (!passwordHash) fields.password = 'Choose a password.';
          if (Object.keys(fields).length > 0) throw badRequest('Enter your name and choose a password.', fields);
          userId = await invitationsRepo(trx).insertUser({
            email: inv.email,
            passwordHash: passwordHash!,
            firstName: input.firstName!,
            lastName: input.lastName!,
            scope: scopeString(inv.publisher_ids),
            adminAccess: inv.admin_access,
          });
        }
        await invitationsRepo(trx).setAcceptedUser(inv.id, userId);
        await auditRepo(trx).record({
          actorUserId: userId,
          publisherId: null,
          action: 'invitation.accept',
          details: { invitationId: inv.id, email: inv.email, publisherIds: inv.publisher_ids, existingUser: Boolean(user) },
        });
        return { email: inv.email, existingUser: Boolean(user) };
      });
    },
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;
