import { SimpleGrid, Paper, Table, Text, Title } from '@mantine/core';
import { UsageUserTypeLabels, type UsageReport } from '@pc/contracts';
import { formatCount } from '../../../lib/format/number-format';

const n = (v: number) => formatCount(v);

function Ranked({ title, head, rows }: { title: string; head: [string, string]; rows: [string, number][] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing in this range.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={title} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{head[0]}</Table.Th>
                <Table.Th ta="right">{head[1]}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(([k, v]) => (
                <Table.Tr key={k}>
                  <Table.Td>{k}</Table.Td>
                  <Table.Td ta="right">{n(v)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
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
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="By user type" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>User type</Table.Th>
                <Table.Th ta="right">Active users</Table.Th>
                <Table.Th ta="right">Events</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.byUserType.map((u) => (
                <Table.Tr key={u.userType}>
                  <Table.Td>{UsageUserTypeLabels[u.userType]}</Table.Td>
                  <Table.Td ta="right">{n(u.activeUsers)}</Table.Td>
                  <Table.Td ta="right">{n(u.events)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="By partner" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Partner</Table.Th>
                  <Table.Th ta="right">Active users</Table.Th>
                  <Table.Th ta="right">Events</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.partners.map((p) => (
                  <Table.Tr key={p.publisherId}>
                    <Table.Td>
                      {p.publisherId === '' ? 'No partner (staff, sign-in)' : `${p.name ?? 'Unknown partner'} (${p.publisherId})`}
                    </Table.Td>
                    <Table.Td ta="right">{n(p.activeUsers)}</Table.Td>
                    <Table.Td ta="right">{n(p.events)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </>
  );
}
