import { Badge, Button, Group, Menu, Table, Text } from '@mantine/core';
import { WEBHOOK_EVENT_LABELS, type WebhookSubscription } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { formatKeyTime } from '../../../components/issued-keys';

const COLUMNS: DataColumn[] = [
  { key: 'name', header: 'Name' },
  { key: 'receiver', header: 'Receiver' },
  { key: 'events', header: 'Events' },
  { key: 'status', header: 'Status' },
  { key: 'lastDelivery', header: 'Last delivery' },
  { key: 'actions', header: '', label: 'Actions' },
];

export type WebhookAction = 'deliveries' | 'test' | 'edit' | 'rotate' | 'delete';

/** The publisher's webhooks, each with its last delivery and its actions (all keyboard-reachable buttons and menu items). */
export function WebhooksTable(props: {
  rows: WebhookSubscription[];
  selectedId: string | null;
  canChange: boolean;
  busyId: string | null;
  onAction: (action: WebhookAction, w: WebhookSubscription) => void;
}) {
  return (
    <DataTable label="Webhooks" columns={COLUMNS} minWidth={860}>
      {props.rows.map((w) => (
        <Table.Tr key={w.id} bg={props.selectedId === w.id ? 'var(--mantine-color-blue-light)' : undefined}>
          <Table.Td>
            {w.name}
            <Text size="xs" c="dimmed">
              {w.format === 'slack' ? 'Slack' : `Signed JSON, secret ${w.secretPrefix}…`}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {w.url}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="xs">{w.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', ')}</Text>
          </Table.Td>
          {/* Badges ellipsise when squeezed; these cells keep their content's width (the
                  receiver and event cells wrap instead). */}
          <Table.Td style={{ whiteSpace: 'nowrap' }} miw={96}>
            {w.enabled ? <Badge color="green">Enabled</Badge> : <Badge color="gray">Paused</Badge>}
          </Table.Td>
          <Table.Td miw={170}>
            {w.lastDelivery ? (
              <>
                <Badge color={w.lastDelivery.status === 'delivered' ? 'green' : w.lastDelivery.status === 'failed' ? 'red' : 'yellow'}>
                  {w.lastDelivery.status}
                  {w.lastDelivery.statusCode !== null ? ` · ${w.lastDelivery.statusCode}` : ''}
                </Badge>
                <Text size="xs" c="dimmed">
                  {w.lastDelivery.event}, {formatKeyTime(w.lastDelivery.at)}
                </Text>
              </>
            ) : (
              <Text size="sm" c="dimmed">
                Never
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              <Button size="xs" variant="default" onClick={() => props.onAction('deliveries', w)} aria-label={`Deliveries of ${w.name}`}>
                Deliveries
              </Button>
              <Button
                size="xs"
                variant="light"
                disabled={!props.canChange}
                loading={props.busyId === w.id}
                onClick={() => props.onAction('test', w)}
                aria-label={`Send test event to ${w.name}`}
              >
                Send test event
              </Button>
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button size="xs" variant="subtle" aria-label={`More actions for ${w.name}`}>
                    More
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item disabled={!props.canChange} onClick={() => props.onAction('edit', w)}>
                    Edit
                  </Menu.Item>
                  <Menu.Item disabled={!props.canChange || w.format === 'slack'} onClick={() => props.onAction('rotate', w)}>
                    Rotate secret
                  </Menu.Item>
                  <Menu.Item color="red" onClick={() => props.onAction('delete', w)}>
                    Delete
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
