import { Badge, Table } from '@mantine/core';
import type { CheckResult } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { formatDateTime } from '../../../lib/format/number-format';
import { formatMs } from '../state/monitor-format';

const COLUMNS: DataColumn[] = [
  { key: 'at', header: 'Time' },
  { key: 'result', header: 'Result' },
  { key: 'http', header: 'HTTP', align: 'right' },
  { key: 'total', header: 'Response time', align: 'right' },
  { key: 'reason', header: 'Reason' },
];

/** The latest stored checks (raw results are kept for a limited time; older history is in the rollups). */
export function RecentChecks({ results }: { results: CheckResult[] }) {
  return (
    <DataTable
      label="Recent checks"
      columns={COLUMNS}
      minWidth={600}
      striped
      fz="sm"
      rowCount={results.length}
      empty="No check has run yet. The first one runs within a few seconds of creating or resuming the monitor."
    >
      {results.map((r) => (
        <Table.Tr key={r.at}>
          <Table.Td>{formatDateTime(r.at)}</Table.Td>
          <Table.Td>
            <Badge color={r.ok ? 'green' : 'red'} variant="light">
              {r.ok ? 'Up' : 'Down'}
            </Badge>
          </Table.Td>
          <Table.Td ta="right">{r.httpStatus ?? '—'}</Table.Td>
          <Table.Td ta="right">{formatMs(r.timings.totalMs)}</Table.Td>
          <Table.Td>{r.error ?? ''}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
