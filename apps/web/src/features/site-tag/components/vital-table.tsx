import { Badge, Card, Table, Text, Title, Tooltip } from '@mantine/core';
import type { SitePerformance, WebVitalName } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { formatCount } from '../../../lib/format/number-format';
import { RATING_COLORS, RATING_LABELS, VITAL_ORDER, formatVital } from './vital-format';

type Row = SitePerformance['byDevice'][number] | SitePerformance['byTemplate'][number];

const VITAL_COLUMNS: DataColumn[] = VITAL_ORDER.map((m) => ({ key: m, header: `${m} (p75)`, align: 'right' }));

/** p75 of each vital per group (device class or page template), coloured by rating. */
export function VitalTable({
  title,
  groupLabel,
  rows,
  groupOf,
}: {
  title: string;
  groupLabel: string;
  rows: Row[];
  groupOf: (r: Row) => string;
}) {
  const groups = [...new Set(rows.map(groupOf))];
  const cell = new Map(rows.map((r) => [`${groupOf(r)}|${r.metric}`, r]));
  return (
    <Card withBorder>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      <DataTable
        label={title}
        columns={[{ key: 'group', header: groupLabel }, ...VITAL_COLUMNS]}
        minWidth={640}
        verticalSpacing={6}
        rowCount={groups.length}
        empty="No measurements in this period."
      >
        {groups.map((g) => (
          <Table.Tr key={g}>
            <Table.Td>
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {g}
              </Text>
            </Table.Td>
            {VITAL_ORDER.map((m: WebVitalName) => {
              const v = cell.get(`${g}|${m}`);
              return (
                <Table.Td key={m} ta="right">
                  {v ? (
                    <Tooltip label={`${RATING_LABELS[v.rating]}, ${formatCount(v.samples)} page loads`}>
                      <Badge variant="light" color={RATING_COLORS[v.rating]} tt="none">
                        {formatVital(m, v.p75)}
                      </Badge>
                    </Tooltip>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </DataTable>
    </Card>
  );
}
