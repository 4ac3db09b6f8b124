import { Badge, Table, Text } from '@mantine/core';
import type { CheckResult } from '@pc/contracts';
import { formatDateTime } from '../../../lib/format/number-format';
import { formatMs } from '../state/monitor-format';

/** The latest stored checks (raw results are kept for a limited time; older history is in the rollups). */
export function RecentChecks({ results }: { results: CheckResult[] }) {
  if (results.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No check has run yet. The first one runs within a few seconds of creating or resuming the monitor.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped fz="sm" aria-label="Recent checks">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th ta="right">HTTP</Table.Th>
            <Table.Th ta="right">Response time</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
