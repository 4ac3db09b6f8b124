import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
// jsvat-next ships CommonJS for Node: a default import works under Node's ESM and under Vitest.
import jsvat from 'jsvat-next';
import { ValidationMessages, type PaymentSettingsInput } from '@pc/contracts';

/** What is encrypted at rest: every bank or PayPal identifier, nothing else. */
export interface BankDetails {
  iban: string;
  accountNumber: string;
  routingCode: string;
  bic: string;
  paypalEmail: string;
}

type Input = Required<PaymentSettingsInput>;

/**
 * IBAN and BIC through ibantools (checksums, per-country lengths), the VAT number through
 * jsvat-next (per-country formats and check digits); never hand-written patterns. Errors come
 * back as the `fields` map the forms show next to each input.
 */
export function validatePaymentSettings(input: Input): { details: BankDetails; vatNumber: string | null; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const details: BankDetails = { iban: '', accountNumber: '', routingCode: '', bic: '', paypalEmail: '' };
  if (input.method === 'bank_transfer') {
    const iban = electronicFormatIBAN(input.iban) ?? '';
    const bic = input.bic.replace(/\s+/g, '').toUpperCase();
    if (iban) {
      if (!isValidIBAN(iban)) fields.iban = 'This IBAN is not valid: check the country code, length and digits.';
      details.iban = iban;
    } else {
      const account = input.accountNumber.replace(/[\s-]/g, '');
      const routing = input.routingCode.replace(/[\s-]/g, '');
      if (!account) fields.iban = 'Enter an IBAN, or an account number and routing code for a country without IBAN.';
      else if (!/^[0-9A-Za-z]{4,34}$/.test(account)) fields.accountNumber = 'Use 4-34 letters or digits.';
      if (account && !routing) fields.routingCode = 'A routing code (e.g. ABA, sort code, BSB) is required with an account number.';
      details.accountNumber = account;
      details.routingCode = routing;
      if (!bic) fields.bic = 'SWIFT/BIC is required for a transfer without IBAN.';
    }
    if (bic && !isValidBIC(bic)) fields.bic = 'This SWIFT/BIC is not valid (8 or 11 characters, e.g. DEUTDEFF).';
    details.bic = bic;
  } else {
    const email = input.paypalEmail.trim();
    if (!email) fields.paypalEmail = ValidationMessages.emailRequired;
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fields.paypalEmail = ValidationMessages.emailInvalid;
    details.paypalEmail = email;
  }
  let vatNumber: string | null = null;
  const vat = input.vatNumber.replace(/[\s.-]/g, '').toUpperCase();
  if (vat) {
    const check = jsvat.checkVAT(vat, jsvat.countries);
    if (!check.isValid)
      fields.vatNumber = check.isSupportedCountry
        ? 'This VAT number is not valid for its country.'
        : 'Start the VAT number with its country code, e.g. DE136695976.';
    vatNumber = vat;
  }
  return { details, vatNumber, fields };
}

/** The last four characters of the account identifier, for masked display. */
export function last4Of(d: BankDetails): string {
  const id = d.iban || d.accountNumber || d.paypalEmail.split('@')[0] || '';
  return id.slice(-4);
}
export const mask = (last4: string) => (last4 ? `•••• ${last4}` : null);
