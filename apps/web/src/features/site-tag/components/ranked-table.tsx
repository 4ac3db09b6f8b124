import { Card, Progress, Table, Text, Title } from '@mantine/core';
import { DataTable } from '../../../components/ui/data-table';
import { formatCount, formatPercent } from '../../../lib/format/number-format';

export interface RankedRow {
  key: string;
  label: string;
  detail?: string;
  value: number;
}

/** A top-N list with each row's share of the total (page views by page, source, device...). */
export function RankedTable({ title, rows, valueLabel, empty }: { title: string; rows: RankedRow[]; valueLabel: string; empty: string }) {
  const total = rows.reduce((a, r) => a + r.value, 0);
  return (
    <Card withBorder h="100%">
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      {/* The labels break anywhere, so the table fits the narrowest card (a quarter of a wide page) without scrolling. */}
      <DataTable
        label={title}
        columns={[
          { key: 'label', header: title },
          { key: 'value', header: valueLabel, align: 'right' },
        ]}
        minWidth={0}
        verticalSpacing={6}
        rowCount={rows.length}
        empty={
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        }
      >
        {rows.map((r) => (
          <Table.Tr key={r.key}>
            <Table.Td>
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {r.label}
                {r.detail && (
                  <Text span size="xs" c="dimmed">
                    {' '}
                    {r.detail}
                  </Text>
                )}
              </Text>
              <Progress value={total ? (r.value / total) * 100 : 0} size="xs" mt={4} aria-hidden />
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm">{formatCount(r.value)}</Text>
              <Text size="xs" c="dimmed">
                {formatPercent(total ? r.value / total : null)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Card>
  );
}
