import { useState } from 'react';
import { Badge, Button, Card, Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { adsTxtBulkEndpoints } from '@pc/contracts';
import { errorMessage } from '../../../lib/api-error';
import { call, useEndpoint } from '../../../lib/endpoints';
import { toast } from '../../../lib/toast';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { LoadingCard } from '../../../components/ui/loading-card';
import { AdsTxtStatusBadge, SellerIssuesNote } from './status-badges';
import { relativeTime } from './status-labels';

const COLUMNS: DataColumn[] = [
  { key: 'partner', header: 'Partner' },
  { key: 'domain', header: 'Domain' },
  { key: 'status', header: 'Status' },
  { key: 'lastCrawl', header: 'Last crawl' },
];

/** Staff: every publisher's domains with status, filterable, verified in bulk through the crawl queue. */
export function AllPublishersView() {
  const { data, error, isLoading, mutate } = useEndpoint(adsTxtBulkEndpoints.allPublishers, null, {});
  const [query, setQuery] = useState('');
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);

  if (error) return <LoadErrorAlert title="The domains could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <LoadingCard label="Loading all domains" />;

  const q = query.trim().toLowerCase();
  const rows = data.filter(
    (d) =>
      (!q || d.domain_name.includes(q) || d.pub_name.toLowerCase().includes(q) || d.publisher_id === q) &&
      (!onlyProblems || d.status !== 'authorized' || d.sellerIssues > 0),
  );
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.domain_id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  async function verifySelected() {
    setBusy(true);
    try {
      const { queued } = await call(adsTxtBulkEndpoints.bulkVerify, { body: { domainIds: [...selected] } });
      toast.success(`${queued} domain${queued === 1 ? ' is' : 's are'} queued for a crawl; statuses update as each finishes.`);
      setSelected(new Set());
      setTimeout(() => void mutate(), 3000);
    } catch (e) {
      toast.error(`The domains could not be queued: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <TextInput
            label="Search"
            placeholder="Domain, partner name or id"
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
          />
          <Checkbox
            label="Only domains with problems"
            checked={onlyProblems}
            onChange={(e) => setOnlyProblems(e.currentTarget.checked)}
            mt="lg"
          />
        </Group>
        <Button onClick={() => void verifySelected()} disabled={selected.size === 0} loading={busy}>
          Verify {selected.size || ''} selected
        </Button>
      </Group>
      <Card p={0}>
        <DataTable
          label="Ads.txt domains of every partner"
          columns={[
            {
              key: 'select',
              header: (
                <Checkbox
                  aria-label="Select all shown domains"
                  checked={allSelected}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.domain_id)))}
                />
              ),
            },
            ...COLUMNS,
          ]}
          minWidth={720}
          verticalSpacing="xs"
          rowCount={rows.length}
          empty={
            <Text size="sm" p="md">
              No domain matches this search.
            </Text>
          }
        >
          {rows.map((d) => (
            <Table.Tr key={d.domain_id}>
              <Table.Td>
                <Checkbox aria-label={`Select ${d.domain_name}`} checked={selected.has(d.domain_id)} onChange={() => toggle(d.domain_id)} />
              </Table.Td>
              <Table.Td>
                {d.pub_name}{' '}
                <Badge variant="light" color="gray">
                  {d.publisher_id}
                </Badge>
              </Table.Td>
              <Table.Td>{d.domain_name}</Table.Td>
              <Table.Td>
                <AdsTxtStatusBadge item={d} />
                <SellerIssuesNote count={d.sellerIssues} />
              </Table.Td>
              <Table.Td>{d.lastCrawl ? relativeTime(d.lastCrawl.at) : 'Never'}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </Card>
    </Stack>
  );
}
