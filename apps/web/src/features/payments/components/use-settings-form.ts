import { useState } from 'react';
import { PaymentSettingsInputSchema, type PaymentSettings, type PaymentSettingsInput } from '@pc/contracts';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { savePaymentSettings } from '../api/payments-api';
import { issueFields } from '../../../lib/forms';

export type SettingsFormValues = Required<PaymentSettingsInput>;

/**
 * The payment settings form's values and errors; submitting checks them and asks for the password,
 * and `save` (run once the password is confirmed) sends them.
 */
export function useSettingsForm(publisherId: string, current: PaymentSettings, onSaved: () => void) {
  const [f, setF] = useState<SettingsFormValues>({
    method: current.method ?? 'bank_transfer',
    beneficiaryName: current.beneficiaryName ?? current.company?.name ?? '',
    payoutCurrency: (current.payoutCurrency as SettingsFormValues['payoutCurrency']) ?? 'USD',
    iban: '',
    accountNumber: '',
    routingCode: '',
    bic: '',
    paypalEmail: '',
    vatNumber: current.vatNumber ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [reauth, setReauth] = useState(false);
  const set = (k: keyof SettingsFormValues) => (e: React.ChangeEvent<HTMLInputElement>) => setF({ ...f, [k]: e.currentTarget.value });

  function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = PaymentSettingsInputSchema.safeParse(f);
    if (!parsed.success) {
      setErrors(issueFields(parsed.error));
      return;
    }
    setErrors({});
    setReauth(true);
  }

  async function save() {
    try {
      await savePaymentSettings(publisherId, f);
      toast.success('Payment details saved. Everyone on this account gets an e-mail about the change.');
      setReauth(false);
      onSaved();
    } catch (e) {
      setReauth(false);
      if (e instanceof ApiRequestError && e.fields) setErrors(e.fields);
      toast.error(errorMessage(e));
    }
  }

  return { f, setF, errors, set, reauth, closeReauth: () => setReauth(false), onSubmit, save };
}

export type SettingsFormState = ReturnType<typeof useSettingsForm>;
