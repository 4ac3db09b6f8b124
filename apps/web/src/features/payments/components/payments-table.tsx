import { Fragment, useState } from 'react';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { Payment } from '@pc/contracts';
import { PaymentHoldNote } from '../../../components/payment-hold';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { downloadStatement } from '../api/payments-api';
import { saveFile } from '../../../lib/save-file';
import { AdjustmentRows } from './adjustment-rows';
import { FlagKeys } from '../../../lib/feature-flags/feature-areas';
import { useFeatureFlags } from '../../../lib/feature-flags/use-feature-flags';
import { money, periodLabel, STATUS_COLOR, statusLabel } from './format';

/**
 * The publisher's payments with statement downloads (PDF and CSV) when the `payments.statements` flag
 * is on; adjustment lines sit under their payment.
 */
export function PaymentsTable({ publisherId, payments }: { publisherId: string; payments: Payment[] }) {
  const [busy, setBusy] = useState<string | null>(null);
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
    <Table striped withTableBorder fz="sm" aria-label="Payments">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Period</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th>Currency</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Paid on</Table.Th>
          <Table.Th>Method</Table.Th>
          <Table.Th>Reference</Table.Th>
          {statements && <Table.Th>Statement</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {payments.map((p) => (
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
              <Table.Td>{p.paidAt ?? '—'}</Table.Td>
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
                      aria-label={`Statement PDF ${p.period}`}
                    >
                      PDF
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      loading={busy === `${p.id}-csv`}
                      onClick={() => void download(p, 'csv')}
                      aria-label={`Statement CSV ${p.period}`}
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
      </Table.Tbody>
    </Table>
  );
}
