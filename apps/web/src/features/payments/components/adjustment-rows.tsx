import { Button, Table, Text } from '@mantine/core';
import { formatDateTime, type Payment } from '@pc/contracts';
import { usePaymentAdjustments } from '../api/payments-api';
import { money } from './format';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton';

const COLUMNS = 8;

/**
 * The adjustment lines of one payment, as rows right under it in the payments table (the
 * statement lists the same lines). Rendered only for payments that have lines.
 */
export function AdjustmentRows({ publisherId, payment }: { publisherId: string; payment: Payment }) {
  const { data, error, isLoading, mutate } = usePaymentAdjustments(publisherId, payment.id);
  if (error)
    return (
      <Table.Tr>
        <Table.Td colSpan={COLUMNS}>
          <Text size="xs" c="red" component="span">
            The adjustments of this payment could not be loaded.{' '}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => void mutate()}>
            Try again
          </Button>
        </Table.Td>
      </Table.Tr>
    );
  if (isLoading || !data)
    return (
      <Table.Tr>
        <Table.Td colSpan={COLUMNS}>
          <LoadingSkeleton label="Loading adjustments" h={14} />
        </Table.Td>
      </Table.Tr>
    );
  return (
    <>
      {data.map((a) => (
        <Table.Tr key={a.id} data-adjustment-of={payment.id}>
          <Table.Td pl="lg">
            <Text size="xs" c="dimmed">
              Adjustment
            </Text>
          </Table.Td>
          <Table.Td ta="right">
            <Text size="sm" c={a.amount < 0 ? 'red.9' : undefined}>
              {money(a.amount, payment.currency)}
            </Text>
          </Table.Td>
          <Table.Td colSpan={COLUMNS - 2}>
            <Text size="sm">
              {a.reason}
              {a.editedAt && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  (corrected {formatDateTime(a.editedAt)})
                </Text>
              )}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}
