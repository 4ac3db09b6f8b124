import { sql } from 'kysely';
import type { AuditQuery } from '@pc/contracts';
import type { Db } from '../../db/pool';

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** SQL for reading the audit log (the console's view); writes stay in audit.repo.ts. */
export function auditLogRepo(db: Db) {
  return {
    search(q: AuditQuery) {
      let s = db
        .selectFrom('audit_log')
        .leftJoin('users', 'users.id', 'audit_log.actor_user_id')
        .select(['audit_log.id', 'audit_log.created_at', 'audit_log.publisher_id', 'audit_log.action', 'audit_log.details', 'users.email'])
        .orderBy('audit_log.created_at', 'desc')
        .orderBy('audit_log.id', 'desc')
        .limit(q.limit);
      if (q.actor) s = s.where('users.email', 'ilike', likeOf(q.actor));
      if (q.publisherId) s = s.where('audit_log.publisher_id', '=', q.publisherId);
      // "user" finds user.update, user.delete...; "user.delete" finds exactly that.
      if (q.action) s = s.where('audit_log.action', 'like', `${q.action.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
      if (q.from) s = s.where('audit_log.created_at', '>=', new Date(`${q.from}T00:00:00Z`));
      if (q.to) s = s.where('audit_log.created_at', '<', sql<Date>`${`${q.to}T00:00:00Z`}::timestamptz + interval '1 day'`);
      return s.execute();
    },
  };
}
