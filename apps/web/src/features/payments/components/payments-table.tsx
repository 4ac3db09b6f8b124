import { Fragment, useState } from 'react';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { formatDay, type Payment } from '@pc/contracts';
import { PaymentHoldNote } from '../../../components/payment-hold';
import { DataTable, dateValue, useTableSort, type DataColumn, type SortColumn } from '../../../components/ui/data-table';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { downloadStatement } from '../api/payments-api';
import { saveFile } from '../../../lib/save-file';
import { AdjustmentRows } from './adjustment-rows';
import { FlagKeys } from '../../../lib/feature-flags/feature-areas';
import { useFeatureFlags } from '../../../lib/feature-flags/use-feature-flags';
import { money, periodLabel, STATUS_COLOR, statusLabel } from './format';

/** A rolled-over payment pays nothing this month: it sorts as the 0 it shows. */
const paidAmount = (p: Payment) => (p.status === 'rolled_over' ? 0 : p.amount);

const SORT_COLUMNS: SortColumn<Payment>[] = [
  { key: 'period', value: (p) => dateValue(`${p.period}-01`), firstDir: 'desc' },
  { key: 'amount', value: paidAmount, firstDir: 'desc' },
  { key: 'currency', value: (p) => p.currency },
  { key: 'status', value: (p) => statusLabel(p.status) },
  { key: 'paid', value: (p) => dateValue(p.paidAt), firstDir: 'desc' },
  { key: 'method', value: (p) => p.method },
  { key: 'reference', value: (p) => p.reference },
];

const COLUMNS: DataColumn[] = [
  { key: 'period', header: 'Period', sortable: true },
  { key: 'amount', header: 'Amount', sortable: true, align: 'right' },
  { key: 'currency', header: 'Currency', sortable: true },
  { key: 'status', header: 'Status', sortable: true },
  { key: 'paid', header: 'Paid on', sortable: true },
  { key: 'method', header: 'Method', sortable: true },
  { key: 'reference', header: 'Reference', sortable: true },
];
const STATEMENT_COLUMN: DataColumn = { key: 'statement', header: 'Statement' };
/** Below this the table scrolls sideways, the period staying in view, rather than squeezing eight columns. */
const MIN_WIDTH = 700;

/**
 * The publisher's payments with statement downloads (PDF and CSV) when the `payments.statements` flag
 * is on; adjustment lines sit under their payment.
 */
export function PaymentsTable({ publisherId, payments }: { publisherId: string; payments: Payment[] }) {
  const [busy, setBusy] = useState<string | null>(null);
  const sort = useTableSort(payments, SORT_COLUMNS);
  const { sorted } = sort;
  // Off for this publisher: no download buttons that the server would refuse (403).
  const statements = useFeatureFlags().enabled(FlagKeys.paymentStatements, true);
  async function download(p: Payment, format: 'pdf' | 'csv') {
    setBusy(`${p.id}-${format}`);
    try {
      const blob = await downloadStatement(publisherId, p.id, format);
      saveFile(`statement-${p.publisherId}-${p.period}.${format}`, blob);
    } catch (e) {
      toast.error(`The statement could not be downloaded: ${errorMessage(e)}`);
    } finally {
      setBusy(null);
    }
  }
  return (
    <DataTable
      label="Payments"
      columns={statements ? [...COLUMNS, STATEMENT_COLUMN] : COLUMNS}
      sort={sort}
      minWidth={MIN_WIDTH}
      striped
      withTableBorder
      fz="sm"
    >
      {sorted.map((p) => (
        <Fragment key={p.id}>
          <Table.Tr>
            <Table.Td>{periodLabel(p.period)}</Table.Td>
            <Table.Td ta="right">
              {p.status === 'rolled_over' ? (
                <>
                  {money(0, p.currency)}
                  <Text size="xs" c="dimmed">
                    Below the {money(p.threshold, p.currency)} threshold: {money(p.rolloverOut, p.currency)} carried to the next month
                  </Text>
                </>
              ) : (
                money(p.amount, p.currency)
              )}
            </Table.Td>
            <Table.Td>{p.currency}</Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLOR[p.status]} variant="light">
                {statusLabel(p.status)}
              </Badge>
              {p.status === 'on_hold' && <PaymentHoldNote reason={p.holdReason} testId={`hold-note-${p.period}`} />}
            </Table.Td>
            <Table.Td>{p.paidAt ? formatDay(p.paidAt) : '—'}</Table.Td>
            <Table.Td>{p.method ?? '—'}</Table.Td>
            <Table.Td>{p.reference ?? '—'}</Table.Td>
            {statements && (
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    loading={busy === `${p.id}-pdf`}
                    onClick={() => void download(p, 'pdf')}
                    aria-label={`Statement PDF ${periodLabel(p.period)}`}
                  >
                    PDF
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    loading={busy === `${p.id}-csv`}
                    onClick={() => void download(p, 'csv')}
                    aria-label={`Statement CSV ${periodLabel(p.period)}`}
                  >
                    CSV
                  </Button>
                </Group>
              </Table.Td>
            )}
          </Table.Tr>
          {p.adjustmentLines > 0 && <AdjustmentRows publisherId={publisherId} payment={p} />}
        </Fragment>
      ))}
    </DataTable>
  );
}
