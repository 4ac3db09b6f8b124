import { useState } from 'react';
import { Group, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { COMPARISON_MODES, type ComparisonMode } from '@pc/contracts';
import { formatDay } from '../../../lib/format/number-format';
import { COMPARE_LABELS } from '../state/comparison';
import type { DayRange } from '../state/date-presets';
import { usePickerColumns } from '../hooks/use-picker-columns';

export interface ComparisonFieldProps {
  mode: ComparisonMode;
  custom: DayRange | null;
  /** The period the comparison resolves to now. */
  compared: DayRange;
  onChange: (mode: ComparisonMode, custom: DayRange | null) => void;
}

const rangeText = (r: DayRange) => (r.from === r.to ? formatDay(r.from) : `${formatDay(r.from)} – ${formatDay(r.to)}`);

/** "Compare with": the previous period (calendar aware), the same period last year, or custom. */
export function ComparisonField({ mode, custom, compared, onChange }: ComparisonFieldProps) {
  const pickerColumns = usePickerColumns();
  const [draft, setDraft] = useState<DatesRangeValue<string> | null>(null);
  // Choosing "Custom" opens the picker on the current comparison, so one click keeps it.
  const [picking, setPicking] = useState(false);
  const showPicker = mode === 'custom' || picking;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="report-compare-label">
        Compare with
      </Text>
      <Group gap="sm" wrap="wrap" align="flex-start">
        <Select
          aria-labelledby="report-compare-label"
          size="xs"
          w={200}
          allowDeselect={false}
          data={COMPARISON_MODES.map((m) => ({ value: m, label: COMPARE_LABELS[m].option }))}
          value={picking ? 'custom' : mode}
          onChange={(v) => {
            if (v === 'custom') setPicking(true);
            else if (v) {
              setPicking(false);
              onChange(v as ComparisonMode, null);
            }
          }}
          comboboxProps={{ withinPortal: true }}
        />
        {showPicker ? (
          <DatePickerInput
            type="range"
            size="xs"
            miw={240}
            aria-label="Custom comparison range"
            value={draft ?? [custom?.from ?? compared.from, custom?.to ?? compared.to]}
            onChange={(v) => {
              if (v[0] && v[1]) {
                setDraft(null);
                setPicking(false);
                onChange('custom', { from: v[0], to: v[1] });
              } else setDraft(v);
            }}
            onDropdownClose={() => setDraft(null)}
            allowSingleDateInRange
            valueFormat="MMM D, YYYY"
            numberOfColumns={pickerColumns}
          />
        ) : (
          <Text size="xs" c="dimmed" pt={6} data-testid="report-compared-range">
            {rangeText(compared)}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
