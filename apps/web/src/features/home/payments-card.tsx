import { PAYMENT_STATUS_LABELS, paymentsEndpoints, Routes } from '@pc/contracts';
import { PaymentHoldNote } from '../../components/payment-hold';
import { useEndpoint } from '../../lib/endpoints';
import { formatDay, formatMoney, formatMonth } from '../../lib/format/number-format';
import { SummaryCard } from './summary-card';

/**
 * Home: last payment and next payment (from /api/payments; home does not import the payments feature),
 * and for each payment on hold why and what lifts the hold.
 */
export function PaymentsCard({ publisherId }: { publisherId: string }) {
  const { data, error, isLoading, mutate } = useEndpoint(paymentsEndpoints.overview, publisherId, {});
  const last = data?.lastPayment;
  const next = data?.nextPayment;
  const held = data?.payments.filter((p) => p.status === 'on_hold') ?? [];
  return (
    <SummaryCard
      title="Payments"
      label="Payments summary"
      link={{ to: Routes.payments, text: 'All payments' }}
      state={{ error, loading: isLoading || !data, retry: () => void mutate() }}
      figures={[
        {
          label: 'Last payment',
          value: last && data ? formatMoney(last.amount, data.currency) : 'None yet',
          testId: 'home-last-payment',
          note: last && `${formatMonth(last.period)}${last.paidAt ? `, paid ${formatDay(last.paidAt)}` : ''}`,
        },
        {
          label: 'Next payment',
          value: next && data ? formatMoney(next.amount, data.currency) : 'Nothing due',
          testId: 'home-next-payment',
          note: next && `${formatMonth(next.period)}, ${PAYMENT_STATUS_LABELS[next.status].toLowerCase()}`,
        },
      ]}
      footer={
        held.length > 0 &&
        held.map((p) => (
          <PaymentHoldNote key={p.id} reason={p.holdReason} what={`${formatMonth(p.period)} payment`} testId={`home-hold-${p.period}`} />
        ))
      }
    />
  );
}
