import { Link } from 'react-router';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Routes, type Incident } from '@pc/contracts';
import { formatDateTime } from '../../../lib/format/number-format';

const STATUS_COLOR = { open: 'red', acknowledged: 'orange', resolved: 'green' } as const;

/** This monitor's incidents (downtime, certificate); acknowledging and resolving happen on /incidents. */
export function MonitorIncidents({ incidents }: { incidents: Incident[] }) {
  if (incidents.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No incidents. One opens when the monitor goes down after its retries or its certificate nears expiry.
      </Text>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={600}>
        <Table striped fz="sm" aria-label="Incidents of this monitor">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Incident</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Severity</Table.Th>
              <Table.Th ta="right">Occurrences</Table.Th>
              <Table.Th>Last occurrence</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {incidents.map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td>{i.title}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[i.status]} variant="light">
                    {i.status}
                  </Badge>
                </Table.Td>
                <Table.Td>{i.severity}</Table.Td>
                <Table.Td ta="right">{i.occurrences}</Table.Td>
                <Table.Td>{formatDateTime(i.lastOccurrence * 1000)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Anchor component={Link} to={Routes.incidents} size="sm">
        Acknowledge or resolve on the Incidents page
      </Anchor>
    </>
  );
}
