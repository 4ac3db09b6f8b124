import { Fragment, useState } from 'react';
import { Badge, Button, Card, Group, List, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { DataLoad } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { formatCount, formatDateTime } from '../../../lib/format/number-format';
import { useDataLoads } from '../api/data-loads-api';

const STATUS_COLOUR = { applied: 'green', rejected: 'orange', failed: 'red' } as const;
const VIA = { cli: 'command line', demo: 'demo generator', api: 'API' } as const;
const REPORT = { revenue: 'Revenue', recirculation: 'Recirculation' } as const;
const when = (iso: string) => formatDateTime(iso);
const n = (v: number) => formatCount(v);

const COLUMNS: DataColumn[] = [
  { key: 'finished', header: 'Finished' },
  { key: 'report', header: 'Report' },
  { key: 'source', header: 'Source' },
  { key: 'status', header: 'Status' },
  { key: 'applied', header: 'Rows applied' },
  { key: 'rejected', header: 'Rejected rows' },
  { key: 'reasons', header: '', label: 'Reasons' },
];

/** Report data loads: what was ingested into the analytics engine, when, how many rows, and why a file was rejected. */
export function DataLoadsTab() {
  const [reportType, setReportType] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const { data, error, isLoading, mutate } = useDataLoads(reportType ?? '', status ?? '');
  if (error) return <LoadErrorAlert title="The data loads could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <Skeleton h={200} />;
  return (
    <Stack gap="md">
      <Title order={3} size="h5">
        Last load per report
      </Title>
      {data.latest.length === 0 ? (
        <EmptyState title="No report data loaded yet">
          Load facts with <code>npm run cli -- ingest revenue|recirculation &lt;file&gt;</code>; each load appears here.
        </EmptyState>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {data.latest.map((l) => (
            <Card role="region" key={l.reportType} withBorder aria-label={`Last ${REPORT[l.reportType]} load`}>
              <Group justify="space-between">
                <Text fw={600}>{REPORT[l.reportType]}</Text>
                <Badge color={STATUS_COLOUR[l.status]}>{l.status}</Badge>
              </Group>
              <Text size="sm">
                {l.source} ({VIA[l.via]}), {when(l.finishedAt)}
              </Text>
              <Text size="sm">
                {n(l.rowsApplied)} rows applied, {n(l.daysReplaced)} partner-days replaced
                {l.rejectedRows > 0 ? `, ${n(l.rejectedRows)} rows rejected` : ''}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Group align="flex-end">
        <Select
          label="Report"
          placeholder="All reports"
          clearable
          data={[
            { value: 'revenue', label: 'Revenue' },
            { value: 'recirculation', label: 'Recirculation' },
          ]}
          value={reportType}
          onChange={setReportType}
        />
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={['applied', 'rejected', 'failed']}
          value={status}
          onChange={setStatus}
        />
      </Group>
      <DataTable
        label="Data loads"
        columns={COLUMNS}
        minWidth={560}
        striped
        rowCount={data.runs.length}
        empty={<Text size="sm">No load matches these filters.</Text>}
      >
        {data.runs.map((r) => (
          <Fragment key={r.id}>
            <Table.Tr>
              <Table.Td>{when(r.finishedAt)}</Table.Td>
              <Table.Td>{REPORT[r.reportType]}</Table.Td>
              <Table.Td>
                {r.source}{' '}
                <Text span size="xs" c="dimmed">
                  ({VIA[r.via]})
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOUR[r.status]} variant="light">
                  {r.status}
                </Badge>
              </Table.Td>
              <Table.Td>{n(r.rowsApplied)}</Table.Td>
              <Table.Td>{n(r.rejectedRows)}</Table.Td>
              <Table.Td>
                {r.errors.length > 0 && (
                  <Button size="xs" variant="subtle" aria-expanded={open === r.id} onClick={() => setOpen(open === r.id ? null : r.id)}>
                    {open === r.id ? 'Hide reasons' : `Reasons (${r.errors.length})`}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
            {open === r.id && <ReasonsRow load={r} />}
          </Fragment>
        ))}
      </DataTable>
    </Stack>
  );
}

function ReasonsRow({ load }: { load: DataLoad }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={COLUMNS.length}>
        <Text size="sm" mb={4}>
          {load.status === 'rejected' ? 'Nothing of this file was applied. Fix these rows and load it again:' : 'The load failed:'}
        </Text>
        <List size="sm" aria-label={`Reasons for ${load.source}`}>
          {load.errors.map((e, i) => (
            <List.Item key={i}>
              {e.line > 0 ? `Line ${e.line}: ` : ''}
              {e.message}
            </List.Item>
          ))}
        </List>
      </Table.Td>
    </Table.Tr>
  );
}
