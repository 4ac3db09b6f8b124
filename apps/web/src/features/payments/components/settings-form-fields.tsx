import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { PAYOUT_CURRENCIES } from '@pc/contracts';
import type { SettingsFormState, SettingsFormValues } from './use-settings-form';

type FieldsProps = Pick<SettingsFormState, 'f' | 'setF' | 'errors' | 'set'>;

/** Who is paid and how: the method, the beneficiary and the payout currency. */
export function PayeeFields({ f, setF, errors, set }: FieldsProps) {
  return (
    <>
      <SegmentedControl
        w="fit-content"
        aria-label="Payment method"
        value={f.method}
        onChange={(v) => setF({ ...f, method: v as SettingsFormValues['method'] })}
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
        onChange={(v) => v && setF({ ...f, payoutCurrency: v as SettingsFormValues['payoutCurrency'] })}
        allowDeselect={false}
        w={200}
      />
    </>
  );
}

/** The account the money goes to: bank details for a transfer, else the PayPal e-mail. */
export function AccountFields({ f, errors, set }: Omit<FieldsProps, 'setF'>) {
  if (f.method !== 'bank_transfer')
    return <TextInput label="PayPal e-mail" type="email" value={f.paypalEmail} onChange={set('paypalEmail')} error={errors.paypalEmail} />;
  return (
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
  );
}
