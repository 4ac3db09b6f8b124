import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Card, FileButton, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Routes, formatDateTime, type PaymentSettings } from '@pc/contracts';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-error';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { toast } from '../../../lib/toast';
import { uploadTaxForm, usePaymentSettings, usePaymentsOverview } from '../api/payments-api';
import { money } from '../components/format';
import { ReauthModal } from '../components/reauth-modal';
import { SettingsForm } from '../components/settings-form';
import { ThresholdCard } from '../components/threshold-card';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton';

const MAX_TAX_FORM = 5 * 1024 * 1024;

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={`settings-${label.toLowerCase().replace(/\W+/g, '-')}`}>
        {value ?? '—'}
      </Text>
    </div>
  );
}

/** /{area}/payment-settings: what is on file (masked), the change form behind re-authentication, the tax form. */
export function PaymentSettingsPage() {
  const publisherId = useChosenPublisherId();
  const { data, error, mutate } = usePaymentSettings(publisherId ?? '');
  // Payments are in the publisher's earnings currency; the threshold is compared with them.
  const { data: overview } = usePaymentsOverview(publisherId ?? '');
  if (!publisherId) return null;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Payment Settings"
        purpose="Where and how we pay you. Changes need your password and are e-mailed to everyone on this account."
      />
      {error ? (
        <LoadErrorAlert title="Payment settings could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : !data ? (
        <LoadingSkeleton label="Loading payment settings" h={240} />
      ) : (
        <>
          <OnFile settings={data} publisherId={publisherId} onChanged={() => void mutate()} />
          <SettingsForm key={data.updatedAt ?? 'new'} publisherId={publisherId} current={data} onSaved={() => void mutate()} />
          <ThresholdCard
            key={`${data.threshold}-${data.configured}`}
            publisherId={publisherId}
            settings={data}
            currency={overview?.currency ?? 'USD'}
            onSaved={() => void mutate()}
          />
        </>
      )}
    </Stack>
  );
}

function OnFile({ settings: s, publisherId, onChanged }: { settings: PaymentSettings; publisherId: string; onChanged: () => void }) {
  const [pending, setPending] = useState<File | null>(null);
  function onTaxForm(file: File | null) {
    if (!file) return;
    if (file.type !== 'application/pdf' || file.size > MAX_TAX_FORM) {
      toast.error('Upload the tax form as a PDF of at most 5 MB.');
      return;
    }
    // Like the bank details, a tax form is only accepted with the password just entered.
    setPending(file);
  }
  async function upload(file: File) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    try {
      await uploadTaxForm(publisherId, file.name, btoa(binary));
      toast.success('Tax form uploaded.');
      onChanged();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setPending(null);
    }
  }
  return (
    <Card role="region" withBorder aria-label="Details on file">
      <Stack gap="sm">
        <Title order={2} size="h4">
          On file
        </Title>
        {!s.configured ? (
          <Text size="sm">No payment details yet. Payments cannot be approved until they are set up below.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Field label="Method" value={s.method === 'paypal' ? 'PayPal' : 'Bank transfer'} />
            <Field label="Beneficiary" value={s.beneficiaryName} />
            <Field label="Account" value={s.accountMasked} />
            <Field label="SWIFT/BIC" value={s.bicMasked} />
            <Field label="Payout currency" value={s.payoutCurrency} />
            <Field label="VAT number" value={s.vatNumber} />
            <Field label="Threshold" value={money(s.threshold, s.payoutCurrency ?? 'USD')} />
            <Field label="Last changed" value={s.updatedAt ? formatDateTime(s.updatedAt) : null} />
          </SimpleGrid>
        )}
        <Group gap="sm">
          <Text size="sm">
            Tax form: {s.taxForm ? `${s.taxForm.fileName} (uploaded ${formatDateTime(s.taxForm.uploadedAt)})` : 'none on file'}
          </Text>
          {s.configured && (
            <FileButton onChange={onTaxForm} accept="application/pdf">
              {(props) => (
                <Button size="xs" variant="default" {...props}>
                  Upload tax form (PDF, max 5 MB)
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {s.company && (
          <Text size="sm" c="dimmed">
            Billing company: {s.company.name}, {s.company.address}, {s.company.zipCode} {s.company.city}, {s.company.country}.{' '}
            <Anchor component={Link} to={Routes.accountSettings}>
              Edit in account settings
            </Anchor>
          </Text>
        )}
      </Stack>
      <ReauthModal
        opened={pending !== null}
        onClose={() => setPending(null)}
        onConfirmed={() => (pending ? upload(pending) : Promise.resolve())}
        purpose={`Tax forms decide how your payments are taxed. Enter your current password to upload ${pending?.name ?? 'the form'}.`}
      />
    </Card>
  );
}
