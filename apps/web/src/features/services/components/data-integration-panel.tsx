import { useState } from 'react';
import { Button, Card, Group, Select, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { InitiateDataIntegrationSchema, TrackingEvents, type DataIntegration, type ServiceDetail } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { useSignedIn } from '../../../lib/identity/auth-context';
import { addToast } from '../../../lib/toast';
import { track } from '../../../lib/tracking/track';
import { cancelIntegration, confirmIntegration, initiateIntegration, useServiceDetail } from '../api/services-api';
import { formatDateTime } from './format';
import { LoadingCard } from '../../../components/ui/loading-card';
import { IntegrationStatusBadge } from './status-badges';
import { issueFields } from '../../../lib/forms';

const EMPTY = { siteId: '', dataSource: '', contactName: '', contactEmail: '', notes: '' };
type Form = typeof EMPTY;

/** Data integration: the publisher initiates or cancels; staff (signed in as provider) confirm. */
export function DataIntegrationPanel({ publisherId }: { publisherId: string }) {
  const { scope } = useSignedIn();
  const isStaff = scope.type === 'internal';
  const { data, error, isLoading, mutate } = useServiceDetail(publisherId, 'data-integration');
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState<DataIntegration | null>(null);
  if (error)
    return <LoadErrorAlert title="The data integrations could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <LoadingCard label="Loading data integrations" />;

  const open = new Set(data.dataIntegrations.filter((d) => d.status !== 'CANCELLED').map((d) => d.siteId));
  const act = async (
    run: () => Promise<DataIntegration>,
    event: typeof TrackingEvents.dataIntegrationCancel | typeof TrackingEvents.dataIntegrationConfirm,
    done: string,
  ) => {
    setBusy(true);
    try {
      const d = await run();
      track(event, { publisher_id: publisherId, site_id: d.siteId, integration_id: d.id });
      addToast('success', done);
      await mutate();
    } catch (e) {
      addToast('error', errorMessage(e));
    } finally {
      setBusy(false);
      setCancelling(null);
    }
  };

  return (
    <Stack gap="lg">
      <InitiateCard
        publisherId={publisherId}
        sites={data.sites}
        openSiteIds={open}
        busy={busy}
        setBusy={setBusy}
        onCreated={() => mutate()}
      />
      <Card>
        <Title order={2} size="h5" mb="sm">
          Data integrations
        </Title>
        <IntegrationsTable
          rows={data.dataIntegrations}
          isStaff={isStaff}
          busy={busy}
          onConfirm={(d) => void act(() => confirmIntegration(d.id), TrackingEvents.dataIntegrationConfirm, 'Data integration confirmed.')}
          onCancel={setCancelling}
        />
      </Card>
      <ConfirmDialog
        opened={cancelling !== null}
        title="Cancel this data integration?"
        confirmLabel="Cancel integration"
        danger
        busy={busy}
        onConfirm={() =>
          cancelling &&
          void act(() => cancelIntegration(publisherId, cancelling.id), TrackingEvents.dataIntegrationCancel, 'Data integration cancelled.')
        }
        onCancel={() => setCancelling(null)}
      >
        Our team stops setting up "{cancelling?.dataSource}" for {cancelling?.siteName}. You can request it again later.
      </ConfirmDialog>
    </Stack>
  );
}

const INTEGRATION_COLUMNS: DataColumn[] = [
  { key: 'site', header: 'Site' },
  { key: 'source', header: 'Data source' },
  { key: 'contact', header: 'Contact' },
  { key: 'status', header: 'Status' },
  { key: 'requested', header: 'Requested' },
  { key: 'ended', header: 'Confirmed / cancelled' },
  { key: 'actions', header: 'Actions' },
];

/** The publisher's data integrations; one in progress can be cancelled, or confirmed by staff. */
function IntegrationsTable({
  rows,
  isStaff,
  busy,
  onConfirm,
  onCancel,
}: {
  rows: DataIntegration[];
  isStaff: boolean;
  busy: boolean;
  onConfirm: (d: DataIntegration) => void;
  onCancel: (d: DataIntegration) => void;
}) {
  return (
    <DataTable
      label="Data integrations"
      columns={INTEGRATION_COLUMNS}
      minWidth={720}
      rowCount={rows.length}
      empty="No data integration yet. The ones you request appear here with their status."
    >
      {rows.map((d) => (
        <Table.Tr key={d.id} data-integration={d.id}>
          <Table.Td>{d.siteName}</Table.Td>
          <Table.Td>{d.dataSource}</Table.Td>
          <Table.Td>
            {d.contactName}
            <Text size="xs" c="dimmed">
              {d.contactEmail}
            </Text>
          </Table.Td>
          <Table.Td>
            <IntegrationStatusBadge status={d.status} />
          </Table.Td>
          <Table.Td>{formatDateTime(d.initiatedAt)}</Table.Td>
          <Table.Td>{formatDateTime(d.confirmedAt ?? d.cancelledAt)}</Table.Td>
          <Table.Td>
            {d.status === 'INITIATED' && (
              <Group gap="xs" wrap="nowrap">
                {isStaff && (
                  <Button size="xs" disabled={busy} onClick={() => onConfirm(d)}>
                    Confirm
                  </Button>
                )}
                <Button size="xs" variant="default" disabled={busy} onClick={() => onCancel(d)}>
                  Cancel request
                </Button>
              </Group>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

/** The request of a new data integration: site, data source and contact, checked by the contract's schema first. */
function InitiateCard({
  publisherId,
  sites,
  openSiteIds,
  busy,
  setBusy,
  onCreated,
}: {
  publisherId: string;
  sites: ServiceDetail['sites'];
  /** Sites with an integration in progress or confirmed: they cannot get another. */
  openSiteIds: Set<string>;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onCreated: () => Promise<unknown>;
}) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const set = (k: keyof Form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const initiate = async () => {
    // The contract's schema checks the form before the server does it again.
    const parsed = InitiateDataIntegrationSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(issueFields(parsed.error));
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const created = await initiateIntegration(publisherId, parsed.data);
      track(TrackingEvents.dataIntegrationInitiate, {
        publisher_id: publisherId,
        site_id: created.siteId,
        data_source: created.dataSource,
      });
      addToast('success', 'Data integration requested: our team will contact you to connect it.');
      setForm(EMPTY);
      await onCreated();
    } catch (e) {
      if (e instanceof ApiRequestError && e.fields) setErrors(e.fields as Partial<Record<keyof Form, string>>);
      addToast('error', errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <Title order={2} size="h5" mb="xs">
        Start a data integration
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Tell us which data source to connect and who we work with. Our team confirms the integration once the connection works.
      </Text>
      <Stack gap="sm" maw={520}>
        <Select
          label="Site"
          placeholder="Choose a site"
          data={sites.map((s) => ({ value: s.siteId, label: s.siteName, disabled: openSiteIds.has(s.siteId) }))}
          value={form.siteId || null}
          onChange={(v) => set('siteId')(v ?? '')}
          error={errors.siteId}
          required
        />
        <TextInput
          label="Data source"
          placeholder="e.g. Google Analytics 4"
          value={form.dataSource}
          onChange={(e) => set('dataSource')(e.currentTarget.value)}
          error={errors.dataSource}
          required
        />
        <TextInput
          label="Contact name"
          value={form.contactName}
          onChange={(e) => set('contactName')(e.currentTarget.value)}
          error={errors.contactName}
          required
        />
        <TextInput
          label="Contact e-mail"
          type="email"
          value={form.contactEmail}
          onChange={(e) => set('contactEmail')(e.currentTarget.value)}
          error={errors.contactEmail}
          required
        />
        <Textarea
          label="Notes (optional)"
          value={form.notes}
          onChange={(e) => set('notes')(e.currentTarget.value)}
          error={errors.notes}
          autosize
          minRows={2}
        />
        <Group>
          <Button onClick={() => void initiate()} loading={busy}>
            Request the integration
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
