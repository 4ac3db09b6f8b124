import { Badge, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { Site } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../components/ui/data-table';
import { NoSitesYet, SiteName } from '../../components/ui/site-cells';

const COLUMNS: DataColumn[] = [
  { key: 'site', header: 'Site' },
  { key: 'domain', header: 'Domain' },
  { key: 'status', header: 'Status' },
  { key: 'organic', header: 'Organic recommendations' },
];

/** The chosen publisher's sites with their status (active/inactive) and organic flag. */
export function SitesCard({ sites, loading }: { sites: Site[] | undefined; loading: boolean }) {
  const active = sites?.filter((s) => s.active).length ?? 0;
  return (
    <Card>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Sites
        </Title>
        {sites && (
          <Text size="sm" c="dimmed">
            {active} of {sites.length} active
          </Text>
        )}
      </Group>
      {loading || !sites ? (
        <Stack gap={8}>
          <Skeleton h={18} />
          <Skeleton h={18} />
          <Skeleton h={18} />
        </Stack>
      ) : (
        <DataTable
          label="Sites"
          columns={COLUMNS}
          minWidth={480}
          verticalSpacing="xs"
          highlightOnHover
          rowCount={sites.length}
          empty={<NoSitesYet />}
        >
          {sites.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>
                <SiteName name={s.name} detail={`id ${s.id}`} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{s.domain}</Text>
              </Table.Td>
              <Table.Td>
                <Badge color={s.active ? 'teal' : 'gray'} variant="light">
                  {s.active ? 'Active' : 'Inactive'}
                </Badge>
              </Table.Td>
              <Table.Td>
                {s.taboola_organic ? (
                  <Badge color="brand" variant="light">
                    Organic
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    Not enabled
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}
