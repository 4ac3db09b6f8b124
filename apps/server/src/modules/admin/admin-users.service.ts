import { USER_DELETION_EFFECTS, type AdminUserPatch, type RegisteredUser } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import { endUserSessions } from '../../identity/end-user-sessions';
import { notFound } from '../../lib/http-error';
import { auditRepo } from '../audit';
import { apiKeysRepo } from '../integrations';
import { adminUsersRepo, type AdminUserRow } from './admin-users.repo';
import { checkScope, conflict, scopeIds, scopeString } from './admin-scope';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
export const toRegisteredUser = (u: AdminUserRow): RegisteredUser => ({
  id: u.id,
  first_name: u.first_name,
  last_name: u.last_name,
  email: u.email,
  enrollment_date: seconds(u.created_at),
  publisherScope: u.publisher_scope,
  adminAccess: u.admin_access,
  disabled: u.disabled,
  lastSignIn: u.last_sign_in ? seconds(new Date(u.last_sign_in)) : null,
});
// What the audit row keeps of a user (no password hash, no timestamps that change on their own).
const auditView = (u: RegisteredUser) => ({
  email: u.email,
  publisherScope: u.publisherScope,
  adminAccess: u.adminAccess,
  disabled: u.disabled,
});

export interface AdminUsersDeps {
  db: Db;
  allowedAdminEmail: string | null;
  /** The identity service's reset mail (same code, same outbox). */
  sendPasswordReset: (email: string) => Promise<void>;
}

/**
 * Registered users for provider staff: list (staff), and for admins scope, admin access,
 * disable/enable, delete and a password-reset e-mail. A change of scope, admin access or status
 * ends the user's sessions in the same transaction; every change is audited with before/after.
 */
export function createAdminUsersService(deps: AdminUsersDeps) {
  const { db } = deps;
  const load = async (repo: ReturnType<typeof adminUsersRepo>, id: string) => {
    const row = await repo.get(id);
    if (!row) throw notFound('No such user.');
    return toRegisteredUser(row);
  };
  const notSelf = (actor: string, id: string, what: string) => {
    if (actor === id) throw conflict(`You cannot ${what} your own account; ask another admin.`);
  };

  return {
    async list(f: { search?: string; publisherId?: string; limit: number }): Promise<RegisteredUser[]> {
      return (await adminUsersRepo(db).list(f)).map(toRegisteredUser);
    },
    get: (id: string) => load(adminUsersRepo(db), id),

    async update(actor: string, id: string, patch: AdminUserPatch): Promise<RegisteredUser> {
      return inTransaction(db, async (trx) => {
        const repo = adminUsersRepo(trx);
        const before = await load(repo, id);
        const ids = patch.publisherIds ? [...new Set(patch.publisherIds)] : scopeIds(before.publisherScope);
        const publisherScope = scopeString(ids);
        const adminAccess = patch.adminAccess ?? (publisherScope === 'ALL' ? before.adminAccess : false);
        const disabled = patch.disabled ?? before.disabled;
        const changed = publisherScope !== before.publisherScope || adminAccess !== before.adminAccess || disabled !== before.disabled;
        if (!changed) return before;
        notSelf(actor, id, 'change the access of');
        checkScope({
          email: before.email,
          publisherIds: ids,
          adminAccess,
          newGrant: !before.adminAccess,
          existing: await repo.existingPublishers(ids.filter((x) => x !== 'ALL')),
          allowedAdminEmail: deps.allowedAdminEmail,
        });
        await repo.update(id, { publisher_scope: publisherScope, admin_access: adminAccess, disabled });
        // Sessions carry the old scope in their tokens: end them so the next request signs in afresh.
        await endUserSessions(trx, id);
        // Reporting API keys act as their creator: those the new scope or status no
        // longer allows stop now, with the change that caused it.
        const apiKeysRevoked = await apiKeysRepo(trx).revokeLostOf(id, actor);
        const after = await load(repo, id);
        const action = disabled !== before.disabled ? (disabled ? 'user.disable' : 'user.enable') : 'user.update';
        await auditRepo(trx).record({
          actorUserId: actor,
          publisherId: null,
          action,
          details: { userId: id, before: auditView(before), after: auditView(after), sessionsEnded: true, apiKeysRevoked },
        });
        return after;
      });
    },

    async remove(actor: string, id: string): Promise<{ ok: true; effects: string }> {
      notSelf(actor, id, 'delete');
      await inTransaction(db, async (trx) => {
        const repo = adminUsersRepo(trx);
        const before = await load(repo, id);
        await endUserSessions(trx, id);
        await repo.remove(id);
        await auditRepo(trx).record({
          actorUserId: actor,
          publisherId: null,
          action: 'user.delete',
          details: { userId: id, before: auditView(before), effects: USER_DELETION_EFFECTS },
        });
      });
      return { ok: true, effects: USER_DELETION_EFFECTS };
    },

    async sendPasswordReset(actor: string, id: string): Promise<{ ok: true }> {
      const user = await load(adminUsersRepo(db), id);
      if (user.disabled) throw conflict('This user is disabled; enable the account before sending a password reset.');
      await deps.sendPasswordReset(user.email);
      await auditRepo(db).record({
        actorUserId: actor,
        publisherId: null,
        action: 'user.password_reset_sent',
        details: { userId: id, email: user.email },
      });
      return { ok: true };
    },
  };
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
