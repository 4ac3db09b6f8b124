import { Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { AdsTxtItem } from '@pc/contracts';
import { DataTable, useTableSort, type DataColumn, type SortColumn } from '../../../components/ui/data-table';
import { AdsTxtStatusBadge, RedirectionBadge, SellerIssuesNote } from './status-badges';
import { absoluteTime, relativeTime, statusLabel } from './status-labels';
import { domainHref } from '../state/view-params';

const statusRank: Record<AdsTxtItem['status'], number> = { error: 0, not_found: 1, missing_lines: 2, not_crawled: 3, authorized: 4 };

/** Status sorts worst first and, within a status, the domain missing most lines first. */
const SORT_COLUMNS: SortColumn<AdsTxtItem>[] = [
  { key: 'domain', value: (d) => d.domain_name },
  { key: 'status', value: (d) => statusRank[d.status] * 1_000_000 - d.missingCount },
  { key: 'redirection', value: (d) => d.ads_txt_redirection_status },
  { key: 'lastCrawl', value: (d) => d.lastCrawl?.at ?? '' },
];

const COLUMNS: DataColumn[] = [
  { key: 'domain', header: 'Domain', sortable: true },
  { key: 'status', header: 'Ads.txt status', sortable: true },
  { key: 'redirection', header: 'Redirection', sortable: true },
  { key: 'lastCrawl', header: 'Last crawl', sortable: true },
  { key: 'actions', header: 'Actions' },
];

function LastCrawl({ item }: { item: AdsTxtItem }) {
  const failed = item.lastAttempt !== null && !item.lastAttempt.ok;
  if (!item.lastCrawl)
    return (
      <Text size="sm" c="dimmed">
        {failed ? 'Never read' : 'Never'}
      </Text>
    );
  const { at, stale, usedPrevious, httpStatus } = item.lastCrawl;
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={`${absoluteTime(at)}${httpStatus ? ` · HTTP ${httpStatus}` : ''}`} withArrow>
        <Text size="sm" component="time" dateTime={at} tabIndex={0}>
          {relativeTime(at)}
        </Text>
      </Tooltip>
      {(stale || usedPrevious || failed) && (
        <Text size="xs" fw={600}>
          {stale ? '· stale' : '· latest read failed'}
        </Text>
      )}
    </Group>
  );
}

/** Every domain of the chosen publisher with its ads.txt and redirection status. */
export function DomainTable({ items }: { items: AdsTxtItem[] }) {
  const sort = useTableSort(items, SORT_COLUMNS, { key: 'domain', dir: 'asc' });

  return (
    <DataTable label="Ads.txt status per domain" columns={COLUMNS} sort={sort} minWidth={720} verticalSpacing="xs" highlightOnHover>
      {sort.sorted.map((d) => (
        <Table.Tr key={d.domain_id} data-testid={`adstxt-row-${d.domain_id}`}>
          <Table.Td>
            <Text size="sm" fw={500}>
              {d.domain_name}
            </Text>
            <Text size="xs" c="dimmed">
              {d.kind === 'app' ? 'app-ads.txt · ' : ''}
              {d.hosted ? 'Hosted by us' : 'Served by your site'}
            </Text>
          </Table.Td>
          <Table.Td>
            <AdsTxtStatusBadge item={d} />
            <SellerIssuesNote count={d.sellerIssues} />
          </Table.Td>
          <Table.Td>
            <RedirectionBadge status={d.ads_txt_redirection_status} />
          </Table.Td>
          <Table.Td>
            <LastCrawl item={d} />
          </Table.Td>
          <Table.Td>
            <Button
              component={Link}
              to={domainHref(d.domain_id)}
              size="compact-sm"
              variant="light"
              aria-label={`Open ${d.domain_name} (${statusLabel(d)})`}
            >
              Open
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
