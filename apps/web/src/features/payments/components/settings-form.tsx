import { useState } from 'react';
import { Button, Card, Group, SegmentedControl, Select, Stack, TextInput, Title } from '@mantine/core';
import { PAYOUT_CURRENCIES, PaymentSettingsInputSchema, type PaymentSettings, type PaymentSettingsInput } from '@pc/contracts';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { savePaymentSettings } from '../api/payments-api';
import { ReauthModal } from './reauth-modal';

type Form = Required<PaymentSettingsInput>;

/** New bank details (never prefilled: the server only answers masked numbers). Saving asks for the password. */
export function SettingsForm({ publisherId, current, onSaved }: { publisherId: string; current: PaymentSettings; onSaved: () => void }) {
  const [f, setF] = useState<Form>({
    method: current.method ?? 'bank_transfer',
    beneficiaryName: current.beneficiaryName ?? current.company?.name ?? '',
    payoutCurrency: (current.payoutCurrency as Form['payoutCurrency']) ?? 'USD',
    iban: '',
    accountNumber: '',
    routingCode: '',
    bic: '',
    paypalEmail: '',
    vatNumber: current.vatNumber ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [reauth, setReauth] = useState(false);
  const set = (k: keyof Form) => (e: React.ChangeEvent<HTMLInputElement>) => setF({ ...f, [k]: e.currentTarget.value });

  function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = PaymentSettingsInputSchema.safeParse(f);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
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

  return (
    <Card withBorder>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {current.configured ? 'Change payment details' : 'Set up payment details'}
          </Title>
          <SegmentedControl
            w="fit-content"
            aria-label="Payment method"
            value={f.method}
            onChange={(v) => setF({ ...f, method: v as Form['method'] })}
            data={[
              { value: 'bank_transfer', label: 'Bank transfer' },
              { value: 'paypal', label: 'PayPal' },
            ]}
          />
          <TextInput
            label="Beneficiary name"
            required
            value={f.beneficiaryName}
            onChange={set('beneficiaryName')}
            error={errors.beneficiaryName}
          />
          <Select
            label="Payout currency"
            data={[...PAYOUT_CURRENCIES]}
            value={f.payoutCurrency}
            onChange={(v) => v && setF({ ...f, payoutCurrency: v as Form['payoutCurrency'] })}
            allowDeselect={false}
            w={200}
          />
          {f.method === 'bank_transfer' ? (
            <>
              <TextInput
                label="IBAN"
                description="Leave empty for a country without IBAN and give the account number and routing code."
                value={f.iban}
                onChange={set('iban')}
                error={errors.iban}
                autoComplete="off"
              />
              <Group grow>
                <TextInput
                  label="Account number (no IBAN)"
                  value={f.accountNumber}
                  onChange={set('accountNumber')}
                  error={errors.accountNumber}
                  autoComplete="off"
                />
                <TextInput
                  label="Routing code (ABA, sort code, BSB…)"
                  value={f.routingCode}
                  onChange={set('routingCode')}
                  error={errors.routingCode}
                  autoComplete="off"
                />
              </Group>
              <TextInput label="SWIFT / BIC" value={f.bic} onChange={set('bic')} error={errors.bic} w={260} autoComplete="off" />
            </>
          ) : (
            <TextInput label="PayPal e-mail" type="email" value={f.paypalEmail} onChange={set('paypalEmail')} error={errors.paypalEmail} />
          )}
          <TextInput
            label="VAT number (optional)"
            description="With its country code, e.g. DE136695976."
            value={f.vatNumber}
            onChange={set('vatNumber')}
            error={errors.vatNumber}
            w={320}
          />
          <Group>
            <Button type="submit">Save payment details</Button>
          </Group>
        </Stack>
      </form>
      <ReauthModal opened={reauth} onClose={() => setReauth(false)} onConfirmed={save} />
    </Card>
  );
}
