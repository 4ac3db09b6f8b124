import { SimpleGrid, Paper, Table, Title } from '@mantine/core';
import { UsageUserTypeLabels, type UsageReport } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { formatCount } from '../../../lib/format/number-format';

const n = (v: number) => formatCount(v);

const TYPE_COLUMNS: DataColumn[] = [
  { key: 'type', header: 'User type' },
  { key: 'users', header: 'Active users', align: 'right' },
  { key: 'events', header: 'Events', align: 'right' },
];
const PARTNER_COLUMNS: DataColumn[] = [
  { key: 'partner', header: 'Partner' },
  { key: 'users', header: 'Active users', align: 'right' },
  { key: 'events', header: 'Events', align: 'right' },
];

function Ranked({ title, head, rows }: { title: string; head: [string, string]; rows: [string, number][] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <DataTable
        label={title}
        columns={[
          { key: 'name', header: head[0] },
          { key: 'value', header: head[1], align: 'right' },
        ]}
        minWidth={560}
        striped
        rowCount={rows.length}
        empty="Nothing in this range."
      >
        {rows.map(([k, v]) => (
          <Table.Tr key={k}>
            <Table.Td>{k}</Table.Td>
            <Table.Td ta="right">{n(v)}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Paper>
  );
}

/** The report's breakdowns: user types, events by name, pages by views and, for all partners, partners. */
export function UsageTables({ report }: { report: UsageReport }) {
  return (
    <>
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5" mb="xs">
          By user type
        </Title>
        <DataTable label="By user type" columns={TYPE_COLUMNS} minWidth={560} striped>
          {report.byUserType.map((u) => (
            <Table.Tr key={u.userType}>
              <Table.Td>{UsageUserTypeLabels[u.userType]}</Table.Td>
              <Table.Td ta="right">{n(u.activeUsers)}</Table.Td>
              <Table.Td ta="right">{n(u.events)}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Ranked title="Events by name" head={['Event', 'Count']} rows={report.events.map((e) => [e.event, e.count])} />
        <Ranked title="Pages by views" head={['Page', 'Views']} rows={report.pages.map((p) => [p.page, p.views])} />
      </SimpleGrid>
      {report.partners.length > 0 && (
        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h5" mb="xs">
            By partner
          </Title>
          <DataTable label="By partner" columns={PARTNER_COLUMNS} minWidth={560} striped>
            {report.partners.map((p) => (
              <Table.Tr key={p.publisherId}>
                <Table.Td>
                  {p.publisherId === '' ? 'No partner (staff, sign-in)' : `${p.name ?? 'Unknown partner'} (${p.publisherId})`}
                </Table.Td>
                <Table.Td ta="right">{n(p.activeUsers)}</Table.Td>
                <Table.Td ta="right">{n(p.events)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Paper>
      )}
    </>
  );
}
