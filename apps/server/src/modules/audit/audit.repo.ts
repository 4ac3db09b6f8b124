import type { Db } from '../../db/pool';

export function auditRepo(db: Db) {
  return {
    async record(e: { actorUserId: string | null; publisherId: string | null; action: string; details?: unknown }): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          actor_user_id: e.actorUserId,
          publisher_id: e.publisherId,
          action: e.action,
          details: e.details === undefined ? null : JSON.stringify(e.details),
        })
        .execute();
    },
  };
}
export type AuditRepo = ReturnType<typeof auditRepo>;
