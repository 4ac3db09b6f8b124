import { useState } from 'react';
import { Alert, Badge, Button, Card, FileButton, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { Payment } from '@pc/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { approvePayment, closeMonth, holdPayment, importRemittance, releasePayment, usePeriodPayments } from '../api/payments-api';
import { AdjustPaymentModal } from './adjust-payment-modal';
import { endedMonths, money, periodLabel, STATUS_COLOR, statusLabel } from './format';

const COLUMNS: DataColumn[] = [
  { key: 'publisher', header: 'Publisher' },
  { key: 'amount', header: 'Amount', align: 'right' },
  { key: 'status', header: 'Status' },
  { key: 'id', header: 'Payment id' },
  { key: 'actions', header: '', label: 'Actions' },
];
/** Below this the table scrolls sideways, the publisher staying in view, instead of squeezing the row actions. */
const MIN_WIDTH = 700;

/** Staff: close a month for all publishers, then approve, hold or release its payments. */
export function MonthClosePanel() {
  const months = endedMonths();
  const [period, setPeriod] = useState(months[0]!);
  const { data, error, mutate } = usePeriodPayments(period);
  const [busy, setBusy] = useState<string | null>(null);
  const [holding, setHolding] = useState<Payment | null>(null);
  const [adjusting, setAdjusting] = useState<Payment | null>(null);
  const [reason, setReason] = useState('');
  const closed = data?.closes.some((c) => c.period === period);

  async function run<T>(key: string, fn: () => Promise<T>, ok: string | ((result: T) => string)) {
    setBusy(key);
    try {
      const result = await fn();
      toast.success(typeof ok === 'string' ? ok : ok(result));
      await mutate();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  async function close() {
    setBusy('close');
    try {
      const r = await closeMonth(period);
      toast.success(
        r.alreadyClosed && r.created === 0
          ? `${periodLabel(period)} was already closed; nothing new to create.`
          : `${periodLabel(period)} closed: ${r.created} payment(s) created.`,
      );
      r.skipped.forEach((s) => toast.warning(`Publisher ${s.publisherId} skipped: ${s.reason}`));
      await mutate();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  async function onRemittance(file: File | null) {
    if (!file) return;
    setBusy('remit');
    try {
      const r = await importRemittance(await file.text());
      toast.success(`Remittance: ${r.paid} paid, ${r.unchanged} already recorded.`);
      r.errors.forEach((e) => toast.error(`Line ${e.line}: ${e.message}`));
      await mutate();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card role="region" withBorder aria-label="Month close">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Month close (staff)
        </Title>
        <Text size="sm" c="dimmed">
          Creates each publisher's payment from finalized net revenue; amounts below the threshold roll over. Closing again creates nothing
          twice.
        </Text>
        <Group align="end">
          <Select
            label="Month"
            data={months.map((m) => ({ value: m, label: periodLabel(m) }))}
            value={period}
            onChange={(v) => v && setPeriod(v)}
            allowDeselect={false}
          />
          <Button loading={busy === 'close'} onClick={() => void close()}>
            {closed ? 'Close again (picks up late publishers)' : 'Close month'}
          </Button>
          <FileButton onChange={(f) => void onRemittance(f)} accept=".csv,text/csv">
            {(props) => (
              <Button variant="default" loading={busy === 'remit'} {...props}>
                Import remittance (CSV)
              </Button>
            )}
          </FileButton>
        </Group>
        <Text size="xs" c="dimmed">
          Remittance file columns: payment_id, paid_date (YYYY-MM-DD), method, reference.
        </Text>
        {error ? (
          <Alert color="red">{error.message}</Alert>
        ) : (
          <DataTable
            label="Payments of the month"
            columns={COLUMNS}
            minWidth={MIN_WIDTH}
            withTableBorder
            striped
            fz="sm"
            loading={!data}
            rowCount={data?.payments.length}
            empty={<Text size="sm">No payments for {periodLabel(period)} yet.</Text>}
          >
            {(data?.payments ?? []).map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  {p.publisherName} ({p.publisherId})
                </Table.Td>
                <Table.Td ta="right">{money(p.amount, p.currency)}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[p.status]} variant="light">
                    {statusLabel(p.status)}
                  </Badge>
                  {p.status === 'on_hold' && (
                    <Text size="xs" c="dimmed">
                      Held: {p.holdReason ?? 'no reason given'}
                    </Text>
                  )}
                  {p.status === 'pending' && p.approvals === 1 && (
                    <Text size="xs" c="dimmed">
                      1 of 2 approvals: the bank details changed in the last 48 hours, another staff member must approve.
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace">
                    {p.id}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {p.status === 'pending' && (
                      <Button
                        size="compact-xs"
                        loading={busy === p.id}
                        onClick={() =>
                          void run(
                            p.id,
                            () => approvePayment(p.id),
                            (r) =>
                              r.status === 'approved'
                                ? `${p.publisherName}: approved.`
                                : `${p.publisherName}: your approval is recorded; a second staff member must approve.`,
                          )
                        }
                        aria-label={`Approve ${p.publisherName}`}
                      >
                        Approve
                      </Button>
                    )}
                    {(p.status === 'pending' || p.status === 'approved') && (
                      <Button size="compact-xs" variant="light" color="orange" onClick={() => setHolding(p)}>
                        Hold
                      </Button>
                    )}
                    {(p.status === 'pending' || p.status === 'on_hold' || p.status === 'rolled_over') && (
                      <Button size="compact-xs" variant="default" onClick={() => setAdjusting(p)} aria-label={`Adjust ${p.publisherName}`}>
                        Adjust
                      </Button>
                    )}
                    {p.status === 'on_hold' && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        loading={busy === p.id}
                        onClick={() => void run(p.id, () => releasePayment(p.id), `${p.publisherName}: released.`)}
                      >
                        Release
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Stack>
      <AdjustPaymentModal
        payment={adjusting && (data?.payments.find((p) => p.id === adjusting.id) ?? adjusting)}
        onClose={() => setAdjusting(null)}
        onAdjusted={() => void mutate()}
      />
      <ConfirmDialog
        opened={holding !== null}
        title="Hold this payment?"
        confirmLabel="Hold payment"
        busy={busy === 'hold'}
        onCancel={() => setHolding(null)}
        onConfirm={() => {
          const p = holding!;
          void run('hold', () => holdPayment(p.id, reason), `${p.publisherName}: on hold.`).then(() => setHolding(null));
        }}
      >
        <TextInput
          label="Reason (shown to the publisher)"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-autofocus
        />
      </ConfirmDialog>
    </Card>
  );
}
