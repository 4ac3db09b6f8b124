import { publisherRecipients } from '../../mail/publisher-recipients';
import type { Db } from '../../db/pool';

export interface SettingsWrite {
  method: string;
  beneficiary_name: string;
  payout_currency: string;
  vat_number: string | null;
  bank_ciphertext: string;
  bank_last4: string;
  updated_by: string;
}

/** SQL of payment settings; the tax form bytes are read only by the download route. */
export function paymentSettingsRepo(db: Db) {
  return {
    async get(publisherId: string) {
      return db
        .selectFrom('payment_settings')
        .select([
          'publisher_id',
          'method',
          'beneficiary_name',
          'payout_currency',
          'vat_number',
          'bank_ciphertext',
          'bank_last4',
          'threshold',
          'tax_form_name',
          'tax_form_size',
          'tax_form_uploaded_at',
          'updated_at',
        ])
        .where('publisher_id', '=', publisherId)
        .executeTakeFirst();
    },
    async upsert(publisherId: string, w: SettingsWrite): Promise<void> {
      await db
        .insertInto('payment_settings')
        .values({ publisher_id: publisherId, ...w })
        .onConflict((oc) => oc.column('publisher_id').doUpdateSet({ ...w, updated_at: new Date() }))
        .execute();
    },
    /**
     * Records who entered the bank details now on file and, when they replaced other details, when
     * (modules/payments/payout-approval.ts reads both).
     */
    async markBankEntered(publisherId: string, uid: string, replaced: boolean): Promise<void> {
      await db
        .updateTable('payment_settings')
        .set({ bank_set_by: uid, ...(replaced ? { bank_replaced_at: new Date() } : {}) })
        .where('publisher_id', '=', publisherId)
        .execute();
    },
    async bankProvenance(publisherId: string) {
      return db
        .selectFrom('payment_settings')
        .select(['bank_set_by', 'bank_replaced_at'])
        .where('publisher_id', '=', publisherId)
        .executeTakeFirst();
    },
    async setTaxForm(publisherId: string, name: string, bytes: Buffer, uid: string): Promise<number> {
      const res = await db
        .updateTable('payment_settings')
        .set({
          tax_form: bytes,
          tax_form_name: name,
          tax_form_size: bytes.length,
          tax_form_uploaded_at: new Date(),
          updated_by: uid,
          updated_at: new Date(),
        })
        .where('publisher_id', '=', publisherId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },
    /** Returns the threshold before the change, or undefined when there are no settings yet. */
    async setThreshold(publisherId: string, threshold: number, uid: string): Promise<{ before: string | null } | undefined> {
      const before = await db
        .selectFrom('payment_settings')
        .select('threshold')
        .where('publisher_id', '=', publisherId)
        .forUpdate()
        .executeTakeFirst();
      if (!before) return undefined;
      await db
        .updateTable('payment_settings')
        .set({ threshold, updated_by: uid, updated_at: new Date() })
        .where('publisher_id', '=', publisherId)
        .execute();
      return { before: before.threshold };
    },
    async taxForm(publisherId: string) {
      return db
        .selectFrom('payment_settings')
        .select(['tax_form', 'tax_form_name'])
        .where('publisher_id', '=', publisherId)
        .executeTakeFirst();
    },
    async company(publisherId: string) {
      return db
        .selectFrom('companies')
        .select(['name', 'address', 'city', 'country', 'zip_code'])
        .where('publisher_id', '=', publisherId)
        .executeTakeFirst();
    },
    /** E-mail addresses of the publisher's own users (the shared query in mail/publisher-recipients.ts). */
    userEmails: (publisherId: string) => publisherRecipients(db, publisherId),
    async rowsNotOnKey(keyId: string) {
      return db
        .selectFrom('payment_settings')
        .select(['publisher_id', 'bank_ciphertext'])
        .where('bank_ciphertext', 'not like', `v1.${keyId}.%`)
        .execute();
    },
    async setCiphertext(publisherId: string, before: string, after: string): Promise<void> {
      await db
        .updateTable('payment_settings')
        .set({ bank_ciphertext: after })
        .where('publisher_id', '=', publisherId)
        .where('bank_ciphertext', '=', before)
        .execute();
    },
  };
}
export type PaymentSettingsRepo = ReturnType<typeof paymentSettingsRepo>;
