import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Button, Group, Modal, NumberInput, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { AdjustmentRequestSchema, type Payment, type PaymentAdjustment } from '@pc/contracts';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { adjustPayment, editPaymentAdjustment, paymentsOverviewKey, usePaymentAdjustments } from '../api/payments-api';
import { money, periodLabel } from './format';

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
  const { data: lines, mutate } = usePaymentAdjustments(payment?.publisherId ?? '', payment?.id ?? null);
  const { mutate: mutateAll } = useSWRConfig();
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [editing, setEditing] = useState<PaymentAdjustment | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  function reset() {
    setAmount('');
    setReason('');
    setEditing(null);
    setErrors({});
  }
  function close() {
    reset();
    onClose();
  }
  function startEdit(line: PaymentAdjustment) {
    setEditing(line);
    setAmount(line.amount);
    setReason(line.reason);
    setErrors({});
  }
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!payment) return;
    const parsed = AdjustmentRequestSchema.safeParse({ amount: amount === '' ? undefined : Number(amount), reason });
    if (!parsed.success) return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    setErrors({});
    setBusy(true);
    try {
      const updated = editing
        ? await editPaymentAdjustment(payment.id, editing.id, parsed.data)
        : await adjustPayment(payment.id, parsed.data);
      toast.success(
        `${payment.publisherName}: ${editing ? 'adjustment corrected' : 'adjusted'}; the payment is now ${money(updated.amount, updated.currency)}.`,
      );
      reset();
      await mutate();
      // The publisher's own overview (balance, lines under the payment) on this page changes too.
      void mutateAll(paymentsOverviewKey(payment.publisherId));
      onAdjusted();
    } catch (err) {
      if (err instanceof ApiRequestError && err.fields) setErrors(err.fields);
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  const currency = payment?.currency ?? 'USD';
  return (
    <Modal opened={payment !== null} onClose={close} title="Adjust payment" centered size="lg">
      {payment && (
        <Stack gap="sm">
          <Text size="sm">
            {payment.publisherName}, {periodLabel(payment.period)}: revenue {money(payment.revenue, currency)}, rollover in{' '}
            {money(payment.rolloverIn, currency)}, adjustments {money(payment.adjustments, currency)}. The statement lists every line with
            its reason.
          </Text>
          {lines && lines.length > 0 && (
            <Table fz="sm" withTableBorder aria-label="Adjustments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>By</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>{l.reason}</Table.Td>
                    <Table.Td ta="right">{money(l.amount, currency)}</Table.Td>
                    <Table.Td>
                      {l.createdBy ?? '—'}
                      {l.editedAt && (
                        <Text size="xs" c="dimmed">
                          edited by {l.editedBy ?? 'staff'}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => startEdit(l)}
                        disabled={editing?.id === l.id}
                        aria-label={`Edit adjustment ${l.reason}`}
                      >
                        Edit
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Group align="flex-start">
              <NumberInput
                label={`Amount (${currency})`}
                description="Negative to deduct"
                value={amount}
                onChange={setAmount}
                decimalScale={2}
                error={errors.amount}
                w={180}
                data-autofocus
              />
              <TextInput
                label="Reason"
                description="Shown on the statement"
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                error={errors.reason}
                style={{ flex: 1 }}
              />
            </Group>
            {editing && (
              <Text size="xs" c="dimmed" mt="xs">
                Correcting “{editing.reason}”: the payment changes by the difference; the change is audited.
              </Text>
            )}
            <Group justify="flex-end" mt="md">
              {editing && (
                <Button variant="default" onClick={reset}>
                  Cancel edit
                </Button>
              )}
              <Button variant="default" onClick={close}>
                Done
              </Button>
              <Button type="submit" loading={busy}>
                {editing ? 'Save adjustment' : 'Add adjustment'}
              </Button>
            </Group>
          </form>
        </Stack>
      )}
    </Modal>
  );
}
