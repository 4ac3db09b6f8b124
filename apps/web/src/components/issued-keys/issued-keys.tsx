import type { ReactNode } from 'react';
import { Alert, Badge, Button, Code, CopyButton, Group, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../lib/format/number-format';
import { DataTable, type DataColumn } from '../ui/data-table';
import { LoadErrorAlert } from '../ui/load-error-alert';

/**
 * The parts every "key shown once, then listed and revocable" screen shares (reporting API keys,
 * blocking feed keys): the alert that shows a new secret once, and the list of issued keys.
 */
export interface IssuedKey {
  id: string;
  name: string;
  /** The first characters of the secret, to recognise it. */
  prefix: string;
  createdBy: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** When a key was created or last used, with the zone named (the shared formatter); 'Never' when not at all. */
export const formatKeyTime = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');

/** The new secret, once: copy button and an example of its use. */
export function NewKeyAlert({ name, secret, testId, example }: { name: string; secret: string; testId: string; example: string }) {
  return (
    <Alert color="green" title={`Key "${name}" created: copy it now, it is not shown again`} role="status">
      <Group wrap="nowrap" align="flex-start">
        <Code block style={{ flex: 1 }} data-testid={testId}>
          {secret}
        </Code>
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? 'Copied' : 'Copy key'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" mt="xs">
        Example: <Code>{example}</Code>
      </Text>
    </Alert>
  );
}

/** A column a screen adds after "Key" (e.g. the API key's access). */
export interface IssuedKeyColumn<K> {
  header: string;
  cell: (key: K) => ReactNode;
}

/** The issued keys with their loading, error and empty states; revoked keys stay listed. */
export function IssuedKeysTable<K extends IssuedKey>(props: {
  /** Plural noun for messages and the table's name, e.g. "API keys". */
  noun: string;
  data: K[] | undefined;
  error: Error | undefined;
  onRetry: () => void;
  emptyText: string;
  minWidth: number;
  extraColumns?: IssuedKeyColumn<K>[];
  onRevoke: (key: K) => void;
}) {
  const { noun, data, error, extraColumns = [] } = props;
  if (error) return <LoadErrorAlert title={`The ${noun} could not be loaded`} message={error.message} onRetry={props.onRetry} />;
  if (!data)
    return (
      <Text size="sm" aria-busy="true">
        Loading {noun}…
      </Text>
    );
  const columns: DataColumn[] = [
    { key: 'name', header: 'Name' },
    { key: 'key', header: 'Key' },
    ...extraColumns.map((c) => ({ key: `extra-${c.header}`, header: c.header })),
    { key: 'created', header: 'Created' },
    { key: 'lastUsed', header: 'Last used' },
    { key: 'status', header: 'Status' },
    { key: 'actions', header: '', label: 'Actions' },
  ];
  return (
    <DataTable
      label={noun.charAt(0).toUpperCase() + noun.slice(1)}
      columns={columns}
      minWidth={props.minWidth}
      rowCount={data.length}
      empty={
        <Text size="sm" c="dimmed">
          {props.emptyText}
        </Text>
      }
    >
      {data.map((k) => (
        <Table.Tr key={k.id}>
          <Table.Td>{k.name}</Table.Td>
          <Table.Td>
            <Code>{k.prefix}…</Code>
          </Table.Td>
          {extraColumns.map((c) => (
            <Table.Td key={c.header}>{c.cell(k)}</Table.Td>
          ))}
          <Table.Td>
            {formatKeyTime(k.createdAt)}
            <Text size="xs" c="dimmed">
              {k.createdBy ?? ''}
            </Text>
          </Table.Td>
          <Table.Td>{formatKeyTime(k.lastUsedAt)}</Table.Td>
          <Table.Td>{k.revokedAt ? <Badge color="gray">Revoked</Badge> : <Badge color="green">Active</Badge>}</Table.Td>
          <Table.Td>
            {!k.revokedAt && (
              <Button size="xs" variant="default" color="red" onClick={() => props.onRevoke(k)} aria-label={`Revoke ${k.name}`}>
                Revoke
              </Button>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
