import { sql } from 'kysely';
import type { Db } from '../../db/pool';

/** SQL for reading the e-mail outbox (the mailer writes it). */
export function outboxRepo(db: Db) {
  return {
    latest(opts: { to?: string; limit: number }) {
      let q = db
        .selectFrom('outbox')
        .select(['id', 'to_address', 'subject', 'text_body', 'status', 'created_at'])
        .orderBy('id', 'desc')
        .limit(opts.limit);
      if (opts.to) q = q.where(sql<string>`lower(to_address)`, '=', opts.to.toLowerCase());
      return q.execute();
    },
  };
}
export type OutboxRepo = ReturnType<typeof outboxRepo>;
