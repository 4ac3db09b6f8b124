import { Badge, Code, Stack, Table, Text } from '@mantine/core';
import type { CrawlHopItem } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { absoluteTime } from './status-labels';

const ruleColor: Record<CrawlHopItem['rule'], string> = { start: 'gray', within_root: 'teal', off_root: 'yellow', redirects_again: 'red' };
const ruleLabel: Record<CrawlHopItem['rule'], string> = {
  start: 'Start',
  within_root: 'Allowed',
  off_root: 'Allowed once',
  redirects_again: 'Breaks the rule',
};

const COLUMNS: DataColumn[] = [
  { key: 'hop', header: 'Hop' },
  { key: 'address', header: 'Address and answer' },
  { key: 'rule', header: 'Redirect rule' },
  { key: 'type', header: 'Content type' },
  { key: 'size', header: 'Size', align: 'right' },
  { key: 'modified', header: 'Last modified' },
];

function size(bytes: number | null): string {
  if (bytes === null) return '—';
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

function typeVerdict(hop: CrawlHopItem, last: boolean): string {
  if (!last || hop.status !== 200) return hop.contentType ?? '—';
  const plain = hop.contentType?.split(';')[0]?.trim().toLowerCase() === 'text/plain';
  return `${hop.contentType ?? 'none'}${plain ? '' : ' (must be text/plain)'}`;
}

/**
 * The crawler's-eye view: each answer on the way to the file with the IAB
 * redirect rule it meets or breaks, its type, size and dates, and when a change becomes visible.
 */
export function CrawlerView({ hops, cacheNote }: { hops: CrawlHopItem[]; cacheNote: string }) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        How buyers&apos; crawlers fetch this file
      </Text>
      <DataTable label="Redirect chain" columns={COLUMNS} minWidth={720} verticalSpacing={4} fz="sm">
        {hops.map((h, i) => (
          <Table.Tr key={`${i}-${h.url}`}>
            <Table.Td>{i + 1}</Table.Td>
            <Table.Td>
              <Code>{h.url}</Code>
              <Text size="xs">HTTP {h.status}</Text>
            </Table.Td>
            <Table.Td>
              <Badge color={ruleColor[h.rule]} variant="light">
                {ruleLabel[h.rule]}
              </Badge>
              <Text size="xs">{h.note}</Text>
            </Table.Td>
            <Table.Td>{typeVerdict(h, i === hops.length - 1)}</Table.Td>
            <Table.Td ta="right">{size(h.size)}</Table.Td>
            <Table.Td>
              {h.lastModified && !Number.isNaN(Date.parse(h.lastModified)) ? absoluteTime(new Date(h.lastModified).toISOString()) : '—'}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      <Text size="sm">{cacheNote}</Text>
    </Stack>
  );
}
