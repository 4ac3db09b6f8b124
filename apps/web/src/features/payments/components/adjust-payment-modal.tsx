import { Modal, Stack, Text } from '@mantine/core';
import type { Payment } from '@pc/contracts';
import { AdjustmentForm, AdjustmentLinesTable } from './adjust-payment-parts';
import { money, periodLabel } from './format';
import { useAdjustPayment } from './use-adjust-payment';

/** Staff: the adjustment lines of one payment, a form to add one (negative = deduction) or correct one. */
export function AdjustPaymentModal({
  payment,
  onClose,
  onAdjusted,
}: {
  payment: Payment | null;
  onClose: () => void;
  onAdjusted: () => void;
}) {
  const state = useAdjustPayment(payment, onClose, onAdjusted);
  const { lines } = state;
  const currency = payment?.currency ?? 'USD';
  return (
    <Modal opened={payment !== null} onClose={state.close} title="Adjust payment" centered size="lg">
      {payment && (
        <Stack gap="sm">
          <Text size="sm">
            {payment.publisherName}, {periodLabel(payment.period)}: revenue {money(payment.revenue, currency)}, rollover in{' '}
            {money(payment.rolloverIn, currency)}, adjustments {money(payment.adjustments, currency)}. The statement lists every line with
            its reason.
          </Text>
          {lines && lines.length > 0 && (
            <AdjustmentLinesTable lines={lines} currency={currency} editing={state.editing} onEdit={state.startEdit} />
          )}
          <AdjustmentForm state={state} currency={currency} />
        </Stack>
      )}
    </Modal>
  );
}
