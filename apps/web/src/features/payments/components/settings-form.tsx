import { Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import type { PaymentSettings } from '@pc/contracts';
import { ReauthModal } from './reauth-modal';
import { AccountFields, PayeeFields } from './settings-form-fields';
import { useSettingsForm } from './use-settings-form';

/** New bank details (never prefilled: the server only answers masked numbers). Saving asks for the password. */
export function SettingsForm({ publisherId, current, onSaved }: { publisherId: string; current: PaymentSettings; onSaved: () => void }) {
  const form = useSettingsForm(publisherId, current, onSaved);
  const { f, errors, set } = form;
  return (
    <Card withBorder>
      <form onSubmit={form.onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {current.configured ? 'Change payment details' : 'Set up payment details'}
          </Title>
          <PayeeFields {...form} />
          <AccountFields {...form} />
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
      <ReauthModal opened={form.reauth} onClose={form.closeReauth} onConfirmed={form.save} />
    </Card>
  );
}
