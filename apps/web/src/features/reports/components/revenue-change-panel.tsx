import { useState } from 'react';
import { Button, Card, Group, SegmentedControl, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import {
  CHANGE_DIMENSIONS,
  DIMENSIONS,
  formatFilterParam,
  revenueChangeEndpoints,
  type ChangeDimension,
  type DimensionChange,
  type RevenueChange,
  type RevenueChangeQuery,
} from '@pc/contracts';
import { DataTable, RowCards, type DataColumn } from '../../../components/ui/data-table';
import { useEndpoint } from '../../../lib/endpoints';
import { usePhoneLayout } from '../hooks/use-phone-layout';
import type { DayRange } from '../state/date-presets';
import type { BuilderState } from '../state/report-query';
import { formatSignedCents, moverDriver, revenueChangeSentence } from '@pc/contracts';

const percentShare = (share: number) => `${(share * 100).toFixed(1)}%`;

function DriverLine({ change }: { change: RevenueChange }) {
  if (change.explanation.kind !== 'explained') return null;
  const { total } = change.explanation;
  return (
    <Text size="sm" data-testid="revenue-change-drivers">
      Volume (impressions at the earlier eCPM) {formatSignedCents(total.volumeCents, change.currency)} · Price (eCPM at the current
      impressions) {formatSignedCents(total.priceCents, change.currency)}
    </Text>
  );
}

function MixNote({ d, currency }: { d: DimensionChange; currency: string }) {
  if (!d.mix) return null;
  const label = DIMENSIONS[d.dimension].label.toLowerCase();
  return (
    <Text size="sm" c="dimmed" data-testid="revenue-change-mix">
      Mix effect {formatSignedCents(d.mix.cents, currency)}: {d.mix.value}&apos;s share of impressions went from{' '}
      {percentShare(d.mix.shareBefore)} to {percentShare(d.mix.shareAfter)}, moving the average eCPM across each {label} without its price
      changing.
    </Text>
  );
}

const FIGURE_COLUMNS: DataColumn[] = [
  { key: 'change', header: 'Change', align: 'right' },
  { key: 'volume', header: 'Volume', align: 'right' },
  { key: 'price', header: 'Price', align: 'right' },
  { key: 'driver', header: 'What moved it' },
];

function MoversTable({ d, currency }: { d: DimensionChange; currency: string }) {
  const label = DIMENSIONS[d.dimension].label;
  const money = (cents: number) => formatSignedCents(cents, currency);
  // Below 576 px each member is a card, as the report's rows are: no figure behind a sideways scroll.
  const phone = usePhoneLayout();
  if (phone)
    return (
      <RowCards
        label={`What changed by ${label}`}
        cards={[
          ...d.movers.map((m) => ({
            key: m.value,
            title: m.value,
            fields: [
              { label: 'Change', value: money(m.changeCents) },
              { label: 'Volume', value: money(m.volumeCents) },
              { label: 'Price', value: money(m.priceCents) },
              { label: 'What moved it', value: moverDriver(m) },
            ],
          })),
          ...(d.rest.count > 0
            ? [{ key: 'rest', title: `Everything else (${d.rest.count})`, fields: [{ label: 'Change', value: money(d.rest.changeCents) }] }]
            : []),
        ]}
      />
    );
  return (
    <DataTable
      label={`What changed by ${label}`}
      columns={[{ key: 'member', header: label }, ...FIGURE_COLUMNS]}
      minWidth={560}
      striped
      // Figures line up digit under digit (only the body has digits; the headers are words).
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {d.movers.map((m) => (
        <Table.Tr key={m.value}>
          <Table.Td>{m.value}</Table.Td>
          <Table.Td ta="right">{money(m.changeCents)}</Table.Td>
          <Table.Td ta="right">{money(m.volumeCents)}</Table.Td>
          <Table.Td ta="right">{money(m.priceCents)}</Table.Td>
          <Table.Td>{moverDriver(m)}</Table.Td>
        </Table.Tr>
      ))}
      {d.rest.count > 0 && (
        <Table.Tr>
          <Table.Td>Everything else ({d.rest.count})</Table.Td>
          <Table.Td ta="right">{money(d.rest.changeCents)}</Table.Td>
          <Table.Td colSpan={3} />
        </Table.Tr>
      )}
    </DataTable>
  );
}

function Explained({ change, label }: { change: RevenueChange; label: string }) {
  const [dimension, setDimension] = useState<ChangeDimension>('sites');
  const sentence = (
    <Text fw={600} data-testid="revenue-change-sentence">
      {revenueChangeSentence(label, change)}
    </Text>
  );
  // Days the report does not compare get its reason, not an explanation of noise.
  if (change.explanation.kind !== 'explained' || change.explanation.total.changeCents === 0) return sentence;
  const d = change.explanation.dimensions.find((x) => x.dimension === dimension);
  return (
    <Stack gap="xs">
      {sentence}
      <DriverLine change={change} />
      <SegmentedControl
        aria-label="Explain the change by"
        value={dimension}
        onChange={(v) => setDimension(v as ChangeDimension)}
        data={CHANGE_DIMENSIONS.map((k) => ({ value: k, label: DIMENSIONS[k].label }))}
        w="fit-content"
      />
      {d && <MixNote d={d} currency={change.currency} />}
      {d && <MoversTable d={d} currency={change.currency} />}
    </Stack>
  );
}

/** The change query of the report's days, comparison and filters: the days and rows the chart and totals compare. */
export function changeQuery(
  range: DayRange,
  state: Pick<BuilderState, 'preset' | 'compare' | 'compareCustom' | 'filters'>,
): RevenueChangeQuery {
  const filters = formatFilterParam(state.filters);
  // A custom comparison without its days compares with the previous period, as the chart does.
  const custom = state.compare === 'custom' ? state.compareCustom : null;
  const compare = state.compare === 'custom' && !custom ? 'previous' : state.compare;
  const days = custom ? { compareFrom: custom.from, compareTo: custom.to } : {};
  return { from: range.from, to: range.to, preset: state.preset, compare, ...days, ...(filters ? { filters } : {}) };
}

/**
 * The report's "What changed" (revenue reports): the change against the compared days split into
 * volume and price, and the members of a dimension that moved it, summing to the change to the cent.
 * The same compared days as the chart and totals: the query carries the preset and comparison.
 */
export function RevenueChangePanel({ publisherId, query }: { publisherId: string; query: RevenueChangeQuery }) {
  const { data, error, isLoading, mutate } = useEndpoint(revenueChangeEndpoints.get, publisherId, { query });
  return (
    <Card component="section" aria-labelledby="revenue-change-title">
      <Title order={2} size="h4" id="revenue-change-title" mb="xs">
        What changed
      </Title>
      {isLoading && <Skeleton h={60} />}
      {error && !data && (
        <Group gap="sm">
          <Text size="sm">Why revenue moved could not be worked out: {error.message}</Text>
          <Button size="xs" variant="light" onClick={() => void mutate()}>
            Retry
          </Button>
        </Group>
      )}
      {data && <Explained change={data} label="Revenue" key={`${data.range.from}${data.range.to}${data.compared.from}`} />}
    </Card>
  );
}
