import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { WebhookDelivery, WebhookDeliveryStatus } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { formatKeyTime } from '../../../components/issued-keys';

const STATUS: Record<WebhookDeliveryStatus, { label: string; color: string }> = {
  delivered: { label: 'Delivered', color: 'green' },
  pending: { label: 'Retrying', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

const COLUMNS: DataColumn[] = [
  { key: 'event', header: 'Event' },
  { key: 'sent', header: 'Sent' },
  { key: 'status', header: 'Status' },
  { key: 'response', header: 'Response' },
  { key: 'attempts', header: 'Attempts' },
  { key: 'actions', header: '', label: 'Actions' },
];

/** The latest deliveries of one webhook with each attempt's answer, and a way to send one again. */
export function DeliveryLog(props: {
  data: WebhookDelivery[] | undefined;
  error: Error | undefined;
  onRetry: () => void;
  onRedeliver: (d: WebhookDelivery) => void;
  busyId: string | null;
}) {
  const { data, error } = props;
  if (error) return <LoadErrorAlert title="The delivery log could not be loaded" message={error.message} onRetry={props.onRetry} />;
  if (!data)
    return (
      <Text size="sm" aria-busy="true">
        Loading deliveries…
      </Text>
    );
  return (
    <DataTable
      label="Deliveries"
      columns={COLUMNS}
      minWidth={720}
      rowCount={data.length}
      empty='Nothing sent yet. Use "Send test event" to check that your receiver answers.'
    >
      {data.map((d) => (
        <Table.Tr key={d.id}>
          <Table.Td>
            <Text size="sm" ff="monospace">
              {d.event}
            </Text>
            {d.messageId !== d.id && (
              // Same webhook-id as the first delivery: receivers that de-duplicate handle it once.
              <Text size="xs" c="dimmed">
                Redelivery (same webhook-id)
              </Text>
            )}
          </Table.Td>
          <Table.Td>{formatKeyTime(d.createdAt)}</Table.Td>
          <Table.Td>
            <Badge color={STATUS[d.status].color}>{STATUS[d.status].label}</Badge>
          </Table.Td>
          <Table.Td>
            {d.lastStatusCode !== null ? `HTTP ${d.lastStatusCode}` : d.status === 'pending' && d.attempts === 0 ? 'Waiting' : 'No answer'}
            {d.lastError && d.status !== 'delivered' && (
              <Text size="xs" c="dimmed">
                {d.lastError}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <Text size="sm">
              {d.attempts} of {d.maxAttempts}
            </Text>
            {d.attemptLog.length > 0 && (
              <Text size="xs" c="dimmed">
                {d.attemptLog
                  .slice(0, 5)
                  .map((a) => `#${a.attempt}: ${a.statusCode ?? 'error'} (${a.durationMs} ms)`)
                  .join(', ')}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <Group justify="flex-end">
              <Button
                size="xs"
                variant="default"
                loading={props.busyId === d.id}
                disabled={d.status === 'pending'}
                onClick={() => props.onRedeliver(d)}
                aria-label={`Redeliver ${d.event} of ${formatKeyTime(d.createdAt)}`}
              >
                Redeliver
              </Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
