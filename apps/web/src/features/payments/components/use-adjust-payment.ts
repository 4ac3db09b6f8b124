import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { AdjustmentRequestSchema, type Payment, type PaymentAdjustment } from '@pc/contracts';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { adjustPayment, editPaymentAdjustment, paymentsOverviewKey, usePaymentAdjustments } from '../api/payments-api';
import { money } from './format';
import { issueFields } from '../../../lib/forms';

/**
 * The adjust-payment modal's state: the payment's adjustment lines, the amount and reason being
 * typed, the line being corrected (null when adding one), and submitting them.
 */
export function useAdjustPayment(payment: Payment | null, onClose: () => void, onAdjusted: () => void) {
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
    if (!parsed.success) return setErrors(issueFields(parsed.error));
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

  return { lines, amount, setAmount, reason, setReason, editing, errors, busy, reset, close, startEdit, submit };
}

export type AdjustPaymentState = ReturnType<typeof useAdjustPayment>;
