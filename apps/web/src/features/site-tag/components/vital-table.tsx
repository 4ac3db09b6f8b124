import { Badge, Card, Table, Text, Title, Tooltip } from '@mantine/core';
import type { SitePerformance, WebVitalName } from '@pc/contracts';
import { RATING_COLORS, RATING_LABELS, VITAL_ORDER, formatVital } from './vital-format';

type Row = SitePerformance['byDevice'][number] | SitePerformance['byTemplate'][number];

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
      {groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          No measurements in this period.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing={6} aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{groupLabel}</Table.Th>
                {VITAL_ORDER.map((m) => (
                  <Table.Th key={m} ta="right">
                    {m} (p75)
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
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
                          <Tooltip label={`${RATING_LABELS[v.rating]}, ${v.samples} page loads`}>
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
