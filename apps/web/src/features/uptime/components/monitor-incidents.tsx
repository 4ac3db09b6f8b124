import { Link } from 'react-router';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Routes, type Incident } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { formatDateTime } from '../../../lib/format/number-format';

const STATUS_COLOR = { open: 'red', acknowledged: 'orange', resolved: 'green' } as const;

const COLUMNS: DataColumn[] = [
  { key: 'title', header: 'Incident' },
  { key: 'status', header: 'Status' },
  { key: 'severity', header: 'Severity' },
  { key: 'occurrences', header: 'Occurrences', align: 'right' },
  { key: 'last', header: 'Last occurrence' },
];

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
      <DataTable label="Incidents of this monitor" columns={COLUMNS} minWidth={600} striped fz="sm">
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
      </DataTable>
      <Anchor component={Link} to={Routes.incidents} size="sm">
        Acknowledge or resolve on the Incidents page
      </Anchor>
    </>
  );
}
