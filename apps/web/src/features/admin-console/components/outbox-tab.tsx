import { Table, Text } from '@mantine/core';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { formatDateTime } from '../../../lib/format/number-format';
import { useOutbox } from '../api/admin-api';

const COLUMNS: DataColumn[] = [
  { key: 'sent', header: 'Sent' },
  { key: 'to', header: 'To' },
  { key: 'subject', header: 'Subject' },
  { key: 'status', header: 'Status' },
];

/** The e-mail outbox: what the product sent (or queued) and to whom. */
export function OutboxTab() {
  const { data, error, isLoading, mutate } = useOutbox();
  if (error) return <LoadErrorAlert title="The outbox could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  return (
    <DataTable
      label="E-mail outbox"
      columns={COLUMNS}
      minWidth={560}
      striped
      loading={isLoading || !data}
      rowCount={data?.length}
      empty={<EmptyState title="No e-mail yet">Messages the product sends appear here with their delivery status.</EmptyState>}
    >
      {data?.map((m) => (
        <Table.Tr key={m.id}>
          <Table.Td>{formatDateTime(m.created)}</Table.Td>
          <Table.Td>{m.to}</Table.Td>
          <Table.Td>
            <Text size="sm">{m.subject}</Text>
          </Table.Td>
          <Table.Td>{m.status}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
