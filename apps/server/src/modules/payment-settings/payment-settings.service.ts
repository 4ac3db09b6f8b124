import {
  countryName,
  formatMoney,
  PaymentSettingsInputSchema,
  type PaymentSettings,
  type PaymentSettingsInput,
  type PaymentThresholdInput,
} from '@pc/contracts';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import type { JobQueue } from '../../lib/jobs/job-queue';
import { badRequest, HttpError } from '../../lib/http-error';
import { auditRepo } from '../audit';
import { publisherRecords } from '../publishers';
import { last4Of, mask, validatePaymentSettings, type BankDetails } from './bank-validation';
import type { DetailsCipher } from './details-cipher';
import { paymentSettingsRepo } from './payment-settings.repo';
import { PAYMENT_SETTINGS_MAIL_QUEUE, type SettingsMailPayload } from './settings-mail.job';

export interface SettingsCtx {
  uid: string;
  email: string;
  publisherId: string;
  /** auth_time of the ID token: when the password was last checked. */
  authTime: number;
}

/** The same window as a password change: the password must have been entered in the last 5 minutes. */
const RECENT_LOGIN_S = 5 * 60;
const TAX_FORM_MAX_BYTES = 5 * 1024 * 1024;

/** 403, not 401: the web client signs out on any 401, and this only asks for the password again. */
const requiresRecentLogin = () => new HttpError(403, 'Confirm your current password to change payment settings.', 'RequiresRecentLogin');

function requireRecentLogin(ctx: SettingsCtx) {
  if (Math.floor(Date.now() / 1000) - ctx.authTime > RECENT_LOGIN_S) throw requiresRecentLogin();
}

/** Whether a save sends payouts somewhere else: the method, the payee or the account differ. */
function bankChanged(
  before: { method: string; beneficiary_name: string; payout_currency: string },
  input: PaymentSettingsInput,
  beforeDetails: unknown,
  details: BankDetails,
): boolean {
  return (
    before.method !== input.method ||
    before.beneficiary_name !== input.beneficiaryName ||
    before.payout_currency !== input.payoutCurrency ||
    JSON.stringify(beforeDetails) !== JSON.stringify(details)
  );
}

export function createPaymentSettingsService(deps: { db: Db; cipher: DetailsCipher; jobs: JobQueue; defaultThreshold: number }) {
  const { db, cipher, jobs } = deps;
  const repo = paymentSettingsRepo(db);

  async function notify(trx: Db, ctx: SettingsCtx, what: string) {
    const publisher = await trx.selectFrom('publishers').select('name').where('id', '=', ctx.publisherId).executeTakeFirst();
    const to = await paymentSettingsRepo(trx).userEmails(ctx.publisherId);
    if (to.length === 0) return;
    const payload: SettingsMailPayload = {
      publisherName: publisher?.name ?? ctx.publisherId,
      to,
      actor: ctx.email,
      what,
      at: new Date().toISOString(),
    };
    await jobs.enqueue(PAYMENT_SETTINGS_MAIL_QUEUE, payload, { db: trx });
  }

  return {
    async get(publisherId: string): Promise<PaymentSettings> {
      const [row, company] = await Promise.all([repo.get(publisherId), repo.company(publisherId)]);
      const companyOut = company
        ? {
            name: company.name,
            address: company.address,
            city: company.city,
            country: countryName(company.country),
            zipCode: company.zip_code,
          }
        : null;
      if (!row)
        return {
          configured: false,
          method: null,
          beneficiaryName: null,
          payoutCurrency: null,
          accountMasked: null,
          bicMasked: null,
          vatNumber: null,
          taxForm: null,
          threshold: deps.defaultThreshold,
          minimumThreshold: deps.defaultThreshold,
          updatedAt: null,
          company: companyOut,
        };
      const details = JSON.parse(cipher.decrypt(row.bank_ciphertext, publisherId)) as BankDetails;
      return {
        configured: true,
        method: row.method as PaymentSettings['method'],
        beneficiaryName: row.beneficiary_name,
        payoutCurrency: row.payout_currency,
        accountMasked: mask(row.bank_last4),
        bicMasked: details.bic ? mask(details.bic.slice(-4)) : null,
        vatNumber: row.vat_number,
        taxForm:
          row.tax_form_name && row.tax_form_uploaded_at
            ? { fileName: row.tax_form_name, size: row.tax_form_size ?? 0, uploadedAt: new Date(row.tax_form_uploaded_at).toISOString() }
            : null,
        threshold: row.threshold == null ? deps.defaultThreshold : Number(row.threshold),
        minimumThreshold: deps.defaultThreshold,
        updatedAt: row.updated_at.toISOString(),
        company: companyOut,
      };
    },

    async save(ctx: SettingsCtx, raw: PaymentSettingsInput): Promise<void> {
      requireRecentLogin(ctx);
      const input = PaymentSettingsInputSchema.parse(raw);
      const { details, vatNumber, fields } = validatePaymentSettings(input);
      if (Object.keys(fields).length) throw badRequest('Check the highlighted fields.', fields);
      const last4 = last4Of(details);
      await inTransaction(db, async (trx) => {
        const before = await paymentSettingsRepo(trx).get(ctx.publisherId);
        await paymentSettingsRepo(trx).upsert(ctx.publisherId, {
          method: input.method,
          beneficiary_name: input.beneficiaryName,
          payout_currency: input.payoutCurrency,
          vat_number: vatNumber,
          bank_ciphertext: cipher.encrypt(JSON.stringify(details), ctx.publisherId),
          bank_last4: last4,
          updated_by: ctx.uid,
        });
        const changed = !before || bankChanged(before, input, JSON.parse(cipher.decrypt(before.bank_ciphertext, ctx.publisherId)), details);
        if (changed) await paymentSettingsRepo(trx).markBankEntered(ctx.publisherId, ctx.uid, !!before);
        // Only masked facts in the audit log: it is readable by staff.
        await auditRepo(trx).record({
          actorUserId: ctx.uid,
          publisherId: ctx.publisherId,
          action: 'payment_settings.update',
          details: {
            method: input.method,
            beneficiaryName: input.beneficiaryName,
            payoutCurrency: input.payoutCurrency,
            account: mask(last4),
            previousAccount: before ? mask(before.bank_last4) : null,
            vatNumber,
          },
        });
        await notify(trx, ctx, `Payment details were ${before ? 'changed' : 'set up'} (account ${mask(last4) ?? '-'})`);
      });
    },

    /**
     * The publisher's own threshold (AdSense-style: wait for a larger payment). Not below the
     * provider's minimum; applies from the next month close. Same protection as the bank details.
     */
    async setThreshold(ctx: SettingsCtx, input: PaymentThresholdInput): Promise<void> {
      requireRecentLogin(ctx);
      // Thresholds are compared with payments, which are in the publisher's earnings currency.
      const currencyOf = (q: Db) => publisherRecords(q).currencyOf(ctx.publisherId);
      if (input.threshold < deps.defaultThreshold) {
        const minimum = formatMoney(deps.defaultThreshold, await currencyOf(db));
        throw badRequest('Check the highlighted fields.', { threshold: `The threshold is at least ${minimum}.` });
      }
      await inTransaction(db, async (trx) => {
        const res = await paymentSettingsRepo(trx).setThreshold(ctx.publisherId, input.threshold, ctx.uid);
        if (!res) throw new HttpError(409, 'Save the payment details first, then choose a threshold.', 'Conflict');
        const from = res.before == null ? deps.defaultThreshold : Number(res.before);
        await auditRepo(trx).record({
          actorUserId: ctx.uid,
          publisherId: ctx.publisherId,
          action: 'payment_settings.threshold',
          details: { from, to: input.threshold },
        });
        const currency = await currencyOf(trx);
        await notify(
          trx,
          ctx,
          `The payment threshold was changed from ${formatMoney(from, currency)} to ${formatMoney(input.threshold, currency)}`,
        );
      });
    },

    async uploadTaxForm(ctx: SettingsCtx, fileName: string, contentBase64: string): Promise<void> {
      // A tax form decides withholding on payouts: the same password check as the bank details.
      requireRecentLogin(ctx);
      const fields: Record<string, string> = {};
      const bytes = Buffer.from(contentBase64, 'base64');
      if (!/\.pdf$/i.test(fileName)) fields.taxForm = 'Upload the tax form as a PDF file.';
      else if (bytes.length > TAX_FORM_MAX_BYTES) fields.taxForm = 'The file is larger than 5 MB.';
      else if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') fields.taxForm = 'This file is not a PDF.';
      if (Object.keys(fields).length) throw badRequest('The tax form was not accepted.', fields);
      await inTransaction(db, async (trx) => {
        const n = await paymentSettingsRepo(trx).setTaxForm(ctx.publisherId, fileName.replace(/[^\w.() -]/g, '_'), bytes, ctx.uid);
        if (n === 0) throw new HttpError(409, 'Save the payment details first, then upload the tax form.', 'Conflict');
        await auditRepo(trx).record({
          actorUserId: ctx.uid,
          publisherId: ctx.publisherId,
          action: 'payment_settings.tax_form',
          details: { fileName, size: bytes.length },
        });
        await notify(trx, ctx, `A tax form (${fileName}) was uploaded`);
      });
    },

    taxFormMaxBytes: TAX_FORM_MAX_BYTES,

    async taxForm(publisherId: string) {
      const row = await repo.taxForm(publisherId);
      return row?.tax_form ? { bytes: row.tax_form, name: row.tax_form_name ?? 'tax-form.pdf' } : null;
    },

    /** Who entered the bank details on file and when they last replaced other details (payout approval's four eyes). */
    async bankProvenance(trx: Db, publisherId: string): Promise<{ setBy: string | null; replacedAt: Date | null } | null> {
      const row = await paymentSettingsRepo(trx).bankProvenance(publisherId);
      return row ? { setBy: row.bank_set_by, replacedAt: row.bank_replaced_at } : null;
    },

    /** What a payment keeps at approval: masked facts for statements, the ciphertext for the payout run. */
    async snapshot(trx: Db, publisherId: string) {
      const row = await paymentSettingsRepo(trx).get(publisherId);
      if (!row) return null;
      return {
        method: row.method,
        beneficiaryName: row.beneficiary_name,
        payoutCurrency: row.payout_currency,
        account: mask(row.bank_last4),
        vatNumber: row.vat_number,
        settingsUpdatedAt: row.updated_at.toISOString(),
        ciphertext: row.bank_ciphertext,
      };
    },
  };
}
export type PaymentSettingsService = ReturnType<typeof createPaymentSettingsService>;
