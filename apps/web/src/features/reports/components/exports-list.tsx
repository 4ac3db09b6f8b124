import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useState } from 'react';
import { Badge, Button, Card, Table, Text } from '@mantine/core';
import type { ReportListItem, ReportType } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime, formatDay } from '../../../lib/format/number-format';
import { toast } from '../../../lib/toast';
import { downloadExport } from '../api/report-actions';
import { useReportList } from '../api/use-report-data';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton';

const STATUS: Record<ReportListItem['status'], { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  running: { label: 'Preparing', color: 'blue' },
  done: { label: 'Ready', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

const COLUMNS: DataColumn[] = [
  { key: 'created', header: 'Created' },
  { key: 'range', header: 'Date range' },
  { key: 'format', header: 'Format' },
  { key: 'delivery', header: 'Delivery' },
  { key: 'status', header: 'Status' },
  { key: 'file', header: 'File', align: 'right' },
];

/** tab_1: this report type's exports, newest first; polls while one is still being prepared. */
export function ExportsList({ type, publisherId, label }: { type: ReportType; publisherId: string; label: string }) {
  const { items, error, isLoading, mutate } = useReportList(publisherId, type);
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (item: ReportListItem) => {
    setDownloading(item.id);
    try {
      await downloadExport(item, publisherId);
    } catch (e) {
      toast.error(`The file could not be downloaded: ${errorMessage(e)}`);
    } finally {
      setDownloading(null);
      // The download marks the report as seen: refresh so its "New" badge goes.
      void mutate();
    }
  };

  if (error && !items)
    return <LoadErrorAlert title="Your exports could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (isLoading || !items) return <LoadingSkeleton label="Loading your exports" h={36} rows={3} />;
  if (items.length === 0)
    return (
      <EmptyState title="No exports yet">
        Files you export from the {label} appear here with their status, ready to download. Build a report on the first tab and choose
        &quot;Export to file&quot;, or &quot;Email report&quot; to get it by e-mail.
      </EmptyState>
    );

  return (
    <Card p={0}>
      <DataTable label={`Your ${label} exports`} columns={COLUMNS} minWidth={720} verticalSpacing="xs" highlightOnHover fz="sm">
        {items.map((r) => (
          <Table.Tr key={r.id} data-testid="export-row" data-status={r.status}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(r.created)}
              {r.isNew && (
                <Badge ml={8} size="xs" color="brand">
                  New
                </Badge>
              )}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {formatDay(r.dateFrom)} – {formatDay(r.dateTo)}
            </Table.Td>
            <Table.Td>{r.format.toUpperCase()}</Table.Td>
            <Table.Td>{r.delivery === 'email' ? 'E-mail' : 'File'}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={STATUS[r.status].color}>
                {STATUS[r.status].label}
              </Badge>
            </Table.Td>
            <Table.Td ta="right">
              {r.status === 'done' ? (
                <Button size="compact-sm" variant="light" loading={downloading === r.id} onClick={() => void download(r)}>
                  Download
                </Button>
              ) : r.status === 'failed' ? (
                <Text size="xs" c="red.8">
                  Could not be prepared. Export it again.
                </Text>
              ) : (
                <Text size="xs" c="dimmed">
                  Preparing…
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Card>
  );
}
