import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatCount, formatMoney, RISK_CAUSE_LABELS, type RiskCause, type RiskInput } from '@pc/contracts';

/** One formula input in the publisher's currency or unit. */
export function formatInput(i: RiskInput, currency: string): string {
  switch (i.unit) {
    case 'money':
      return formatMoney(i.value, currency);
    case 'rpm':
      return `${formatMoney(i.value, currency)} per 1,000 page views`;
    case 'minutes':
      return `${formatCount(Math.round(i.value))} min`;
    case 'days':
      return `${formatCount(i.value)} days`;
    default:
      return formatCount(i.value);
  }
}

function Amount({ cause, currency }: { cause: RiskCause; currency: string }) {
  if (cause.status === 'priced' && cause.amountPerDay !== null) return <Text fw={700}>{formatMoney(cause.amountPerDay, currency)}</Text>;
  if (cause.status === 'tooLittleData')
    return (
      <Badge color="gray" variant="light">
        Too little data
      </Badge>
    );
  return (
    <Badge color="green" variant="light">
      Nothing at risk
    </Badge>
  );
}

/** A cause of one site: its amount, the formula with its inputs (or why there is none) and its fixes. */
export function RiskCauseRow({ cause, currency, siteId }: { cause: RiskCause; currency: string; siteId: string }) {
  return (
    <Table.Tr data-testid={`risk-${siteId}-${cause.kind}`}>
      <Table.Td>{RISK_CAUSE_LABELS[cause.kind]}</Table.Td>
      <Table.Td>
        <Amount cause={cause} currency={currency} />
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Text size="sm" ff="monospace">
            {cause.formula}
          </Text>
          {cause.inputs.map((i) => (
            <Text size="xs" key={i.label}>
              {i.label}: <strong>{formatInput(i, currency)}</strong>
            </Text>
          ))}
          {cause.note && (
            <Text size="xs" c="dimmed">
              {cause.note}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {cause.fixes.map((f) => (
            <Anchor key={f.href} component={Link} to={f.href} size="sm">
              {f.label}
            </Anchor>
          ))}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
