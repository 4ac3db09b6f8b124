import type { OutboxRepo } from './outbox.repo';

/** The outbox as the admin API shows it: newest first, optionally for one address. */
export function createOutboxService(repo: OutboxRepo) {
  return {
    async latest(opts: { to?: string; limit: number }) {
      const rows = await repo.latest(opts);
      return rows.map((r) => ({
        id: r.id,
        to: r.to_address,
        subject: r.subject,
        text: r.text_body,
        status: r.status,
        created: r.created_at.toISOString(),
      }));
    },
  };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
