import { Button, Group, NumberInput, Table, Text, TextInput } from '@mantine/core';
import type { PaymentAdjustment } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { money } from './format';
import type { AdjustPaymentState } from './use-adjust-payment';

const COLUMNS: DataColumn[] = [
  { key: 'reason', header: 'Reason' },
  { key: 'amount', header: 'Amount', align: 'right' },
  { key: 'by', header: 'By' },
  { key: 'actions', header: '', label: 'Actions' },
];
/** Narrower than the modal's body (size lg), so the four columns scroll only on a phone. */
const MIN_WIDTH = 480;

/** The payment's adjustment lines, each with a button to correct it. */
export function AdjustmentLinesTable({
  lines,
  currency,
  editing,
  onEdit,
}: {
  lines: PaymentAdjustment[];
  currency: string;
  editing: PaymentAdjustment | null;
  onEdit: (line: PaymentAdjustment) => void;
}) {
  return (
    <DataTable label="Adjustments" columns={COLUMNS} minWidth={MIN_WIDTH} fz="sm" withTableBorder>
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
              onClick={() => onEdit(l)}
              disabled={editing?.id === l.id}
              aria-label={`Edit adjustment ${l.reason}`}
            >
              Edit
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

/** The amount and reason of a new adjustment, or of the line being corrected, with the modal's buttons. */
export function AdjustmentForm({ state, currency }: { state: AdjustPaymentState; currency: string }) {
  const { amount, setAmount, reason, setReason, editing, errors, busy, reset, close, submit } = state;
  return (
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
  );
}
