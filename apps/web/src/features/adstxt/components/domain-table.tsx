import { useMemo, useState } from 'react';
import { Button, Group, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import type { AdsTxtItem } from '@pc/contracts';
import { AdsTxtStatusBadge, RedirectionBadge, SellerIssuesNote } from './status-badges';
import { absoluteTime, relativeTime, statusLabel } from './status-labels';
import { domainHref } from '../state/view-params';

type SortKey = 'domain' | 'status' | 'redirection' | 'lastCrawl';
const statusRank: Record<AdsTxtItem['status'], number> = { error: 0, not_found: 1, missing_lines: 2, not_crawled: 3, authorized: 4 };

function compare(a: AdsTxtItem, b: AdsTxtItem, key: SortKey): number {
  switch (key) {
    case 'domain':
      return a.domain_name.localeCompare(b.domain_name);
    case 'status':
      return statusRank[a.status] - statusRank[b.status] || b.missingCount - a.missingCount;
    case 'redirection':
      return a.ads_txt_redirection_status.localeCompare(b.ads_txt_redirection_status);
    case 'lastCrawl':
      return (a.lastCrawl?.at ?? '').localeCompare(b.lastCrawl?.at ?? '');
  }
}

function SortHeader(props: { label: string; k: SortKey; sort: { key: SortKey; asc: boolean }; onSort: (k: SortKey) => void }) {
  const active = props.sort.key === props.k;
  return (
    <Table.Th aria-sort={active ? (props.sort.asc ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => props.onSort(props.k)} fw={600} fz="sm">
        {props.label} {active ? (props.sort.asc ? '▲' : '▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

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
  const [sort, setSort] = useState<{ key: SortKey; asc: boolean }>({ key: 'domain', asc: true });
  const rows = useMemo(() => [...items].sort((a, b) => compare(a, b, sort.key) * (sort.asc ? 1 : -1)), [items, sort]);
  const onSort = (key: SortKey) => setSort((s) => ({ key, asc: s.key === key ? !s.asc : true }));

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" highlightOnHover aria-label="Ads.txt status per domain">
        <Table.Thead>
          <Table.Tr>
            <SortHeader label="Domain" k="domain" sort={sort} onSort={onSort} />
            <SortHeader label="Ads.txt status" k="status" sort={sort} onSort={onSort} />
            <SortHeader label="Redirection" k="redirection" sort={sort} onSort={onSort} />
            <SortHeader label="Last crawl" k="lastCrawl" sort={sort} onSort={onSort} />
            <Table.Th>
              <Text fw={600} fz="sm">
                Actions
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((d) => (
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
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
