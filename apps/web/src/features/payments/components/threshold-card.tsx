import { useState } from 'react';
import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { PaymentThresholdInputSchema, type PaymentSettings } from '@pc/contracts';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { savePaymentThreshold } from '../api/payments-api';
import { thresholdError } from './threshold-rules';
import { money } from './format';
import { ReauthModal } from './reauth-modal';

/** The publisher's payment threshold: at least the provider's minimum; saving asks for the password. */
export function ThresholdCard({
  publisherId,
  settings,
  currency,
  onSaved,
}: {
  publisherId: string;
  settings: PaymentSettings;
  currency: string;
  onSaved: () => void;
}) {
  const [value, setValue] = useState<number | string>(settings.threshold);
  const [error, setError] = useState<string | null>(null);
  const [reauth, setReauth] = useState(false);

  function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const problem = thresholdError(value, settings.minimumThreshold, currency);
    if (problem) return setError(problem);
    setError(null);
    setReauth(true);
  }
  async function save() {
    try {
      const threshold = PaymentThresholdInputSchema.parse({ threshold: Number(value) }).threshold;
      await savePaymentThreshold(publisherId, threshold);
      toast.success(`Payment threshold set to ${money(threshold, currency)}. It applies from the next month close.`);
      setReauth(false);
      onSaved();
    } catch (e) {
      setReauth(false);
      if (e instanceof ApiRequestError && e.fields?.threshold) setError(e.fields.threshold);
      toast.error(errorMessage(e));
    }
  }
  return (
    <Card withBorder>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Payment threshold
          </Title>
          <Text size="sm" c="dimmed">
            Months below the threshold roll over until the total reaches it. The minimum is {money(settings.minimumThreshold, currency)};
            choose a higher one to be paid less often.
          </Text>
          {!settings.configured ? (
            <Text size="sm">Set up your payment details first; then you can choose a threshold.</Text>
          ) : (
            <Group align="flex-start">
              <NumberInput
                label={`Threshold (${currency})`}
                value={value}
                onChange={setValue}
                min={settings.minimumThreshold}
                decimalScale={2}
                thousandSeparator=","
                error={error}
                w={220}
              />
              <Button type="submit" mt={25}>
                Save threshold
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      <ReauthModal
        opened={reauth}
        onClose={() => setReauth(false)}
        onConfirmed={save}
        purpose="The threshold decides when you are paid. Enter your current password to change it."
      />
    </Card>
  );
}
