import '@mantine/dates/styles.css';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { Group, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { DEFAULT_REPORTING_TIME_ZONE, HISTORY_EXTENSION_FLAG, MAX_RANGE_DAYS, earliestReportDay } from '@pc/contracts';
import { useFeatureFlags } from '../../../lib/feature-flags/use-feature-flags';
import { DATE_PRESETS, type DatePresetKey } from '../../../lib/report-links';
import { PRESET_LABELS, rangeLength, reportingToday, type DayRange } from '../state/date-presets';
import { usePickerColumns } from '../hooks/use-picker-columns';

export interface DateRangeFieldProps {
  preset: DatePresetKey;
  /** The range the current choice stands for (presets resolved against today). */
  range: DayRange;
  onPreset: (preset: Exclude<DatePresetKey, 'custom'>) => void;
  onCustom: (range: DayRange) => void;
  /** True while only the first day of a custom range is picked (exports wait for the second). */
  onPicking?: (picking: boolean) => void;
  /** The reporting time zone's name, shown next to the dates. */
  timeZone?: string;
  /** Changes the reporting time zone (next to the zone's name). */
  zoneControl?: ReactNode;
}

/**
 * Today is offered in the picker, but never as a whole day: its figures are still
 * arriving, so it says so to sighted users (a dashed outline) and to screen readers (its label).
 * Days after today are not offered at all (maxDate), nor days before the plan's report history
 * (minDate: 13 months plus reports.history_extension_days, the rule the server enforces).
 */
export function pickerDayProps(
  day: string,
  today: string,
): { title?: string; 'aria-label'?: string; 'data-partial'?: true; style?: CSSProperties } {
  if (day !== today) return {};
  const text = 'Today, a partial day: figures are still arriving';
  const date = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return {
    title: text,
    'aria-label': `${date}. ${text}`,
    'data-partial': true,
    style: { outline: '1px dashed var(--mantine-color-orange-6)', outlineOffset: -2 },
  };
}

const PRESET_OPTIONS = DATE_PRESETS.filter((p) => p !== 'custom').map((p) => ({ value: p, label: PRESET_LABELS[p] }));

/**
 * Date presets plus a custom range picker. The picker always shows the range in force, so a
 * preset's actual days are visible; picking two days switches to the custom preset.
 */
export function DateRangeField({
  preset,
  range,
  onPreset,
  onCustom,
  onPicking,
  timeZone = DEFAULT_REPORTING_TIME_ZONE,
  zoneControl,
}: DateRangeFieldProps) {
  const pickerColumns = usePickerColumns();
  // While the user has picked only the first day, the half-chosen range lives here.
  const [draft, setDraftState] = useState<DatesRangeValue<string> | null>(null);
  const setDraft = (v: DatesRangeValue<string> | null) => {
    setDraftState(v);
    onPicking?.(v !== null && (!v[0] || !v[1]));
  };
  const [error, setError] = useState<string | null>(null);
  const value: DatesRangeValue<string> = draft ?? [range.from, range.to];
  const today = reportingToday(timeZone);
  const minDate = earliestReportDay(today, useFeatureFlags().limit(HISTORY_EXTENSION_FLAG, 0));

  const onPick = (v: DatesRangeValue<string>) => {
    const [from, to] = v;
    if (from && to) {
      setDraft(null);
      const next = { from, to };
      if (rangeLength(next) > MAX_RANGE_DAYS) {
        setError(`Choose a range of at most ${MAX_RANGE_DAYS} days.`);
        return;
      }
      setError(null);
      onCustom(next);
    } else setDraft(v);
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="report-dates-label">
        Dates
      </Text>
      <Group gap="sm" wrap="wrap" align="flex-start">
        <Select
          aria-label="Date preset"
          size="xs"
          w={170}
          allowDeselect={false}
          data={preset === 'custom' ? [...PRESET_OPTIONS, { value: 'custom', label: PRESET_LABELS.custom }] : PRESET_OPTIONS}
          value={preset}
          onChange={(v) => {
            if (!v || v === 'custom') return;
            setDraft(null);
            setError(null);
            onPreset(v as Exclude<DatePresetKey, 'custom'>);
          }}
          comboboxProps={{ withinPortal: true }}
        />
        <DatePickerInput
          type="range"
          size="xs"
          miw={240}
          aria-label="Custom date range"
          value={value}
          onChange={onPick}
          onDropdownClose={() => setDraft(null)}
          maxDate={today}
          minDate={minDate}
          getDayProps={(day) => pickerDayProps(day, today)}
          allowSingleDateInRange
          valueFormat="MMM D, YYYY"
          error={error}
          numberOfColumns={pickerColumns}
          popoverProps={{ position: 'bottom-start', withRoles: false }}
        />
        {/* Days are calendar days of the reporting time zone, whatever the browser's zone. */}
        <Text size="xs" c="dimmed" data-testid="report-time-zone">
          Days in {timeZone}
        </Text>
        {zoneControl}
      </Group>
      {range.to >= today && (
        <Text size="xs" c="orange.9" data-testid="report-partial-note">
          Today is a partial day: its figures are still arriving and are not compared as a whole day.
        </Text>
      )}
    </Stack>
  );
}
