import type { Db } from '../../db/pool';

type SecretTable = 'webhook_subscriptions' | 'webhook_deliveries';

/** SQL for the sealed secret columns outside payment settings (webhook signing secrets). */
export function secretsAtRestRepo(db: Db) {
  return {
    /** Webhook secrets not sealed with `keyId` (plaintext rows included), in both tables. */
    async webhookSecretsNotOnKey(keyId: string): Promise<{ table: SecretTable; id: string; secret: string }[]> {
      const rows: { table: SecretTable; id: string; secret: string }[] = [];
      for (const table of ['webhook_subscriptions', 'webhook_deliveries'] as const) {
        const found = await db
          .selectFrom(table)
          .select(['id', 'secret'])
          .where('secret', 'is not', null)
          .where('secret', 'not like', `v1.${keyId}.%`)
          .execute();
        for (const r of found) rows.push({ table, id: r.id, secret: r.secret! });
      }
      return rows;
    },
    /** Replaces the secret only if it is still what was read (a rotation racing this wins). */
    async setWebhookSecret(table: SecretTable, id: string, before: string, after: string): Promise<void> {
      await db.updateTable(table).set({ secret: after }).where('id', '=', id).where('secret', '=', before).execute();
    },
  };
}
