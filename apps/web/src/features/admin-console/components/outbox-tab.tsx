import { Skeleton, Table, Text } from '@mantine/core';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useOutbox } from '../api/admin-api';

/** The e-mail outbox: what the product sent (or queued) and to whom. */
export function OutboxTab() {
  const { data, error, isLoading, mutate } = useOutbox();
  if (error) return <LoadErrorAlert title="The outbox could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <Skeleton h={160} />;
  if (data.length === 0)
    return <EmptyState title="No e-mail yet">Messages the product sends appear here with their delivery status.</EmptyState>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label="E-mail outbox">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Sent</Table.Th>
            <Table.Th>To</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>{new Date(m.created).toLocaleString()}</Table.Td>
              <Table.Td>{m.to}</Table.Td>
              <Table.Td>
                <Text size="sm">{m.subject}</Text>
              </Table.Td>
              <Table.Td>{m.status}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
