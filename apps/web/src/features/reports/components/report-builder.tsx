import { Chip, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import {
  DIMENSIONS,
  INTERVALS,
  METRICS,
  REPORT_DEFINITIONS,
  type DimensionKey,
  type Interval,
  type MetricKey,
  type ReportType,
} from '@pc/contracts';
import type { DatePresetKey } from '../../../lib/report-links';
import type { DayRange } from '../state/date-presets';
import { MAX_DIMENSIONS, type BuilderState } from '../state/report-query';
import { ComparisonField } from './comparison-field';
import { DateRangeField } from './date-range-field';
import { ReportFilters } from './report-filters';
import { TimeZoneControl } from './time-zone-control';

export interface ReportBuilderProps {
  type: ReportType;
  publisherId: string;
  state: BuilderState;
  range: DayRange;
  /** The comparison period in force. */
  compared: DayRange;
  onChange: (patch: Partial<BuilderState>) => void;
  onPicking?: (picking: boolean) => void;
  timeZone?: string;
  onTimeZoneSaved?: () => void;
}

const INACTIVE_NOTE = 'Inactive: this dimension is not offered for reports yet.';

/** Keeps the catalog's order whatever order the chips were clicked in. */
const inCatalogOrder = <K extends string>(all: readonly K[], chosen: readonly string[]) => all.filter((k) => chosen.includes(k));

/** The report builder (tab_0): dates, comparison, filters, dimensions, metrics, interval. Every change goes to the URL. */
export function ReportBuilder(props: ReportBuilderProps) {
  const { type, publisherId, state, range, compared, onChange, onPicking, timeZone } = props;
  const def = REPORT_DEFINITIONS[type];
  const full = state.dimensions.length >= MAX_DIMENSIONS;

  const dimensionChip = (key: DimensionKey) => {
    const d = DIMENSIONS[key];
    const checked = state.dimensions.includes(key);
    const chip = (
      <Chip key={key} value={key} size="xs" disabled={d.inactive || (full && !checked)} variant={d.inactive ? 'outline' : 'filled'}>
        {d.inactive ? `${d.label} (inactive)` : d.label}
      </Chip>
    );
    const tip = d.inactive ? INACTIVE_NOTE : d.tooltip;
    return tip ? (
      <Tooltip key={key} label={tip} multiline w={260} withArrow>
        <span>{chip}</span>
      </Tooltip>
    ) : (
      chip
    );
  };

  const metricChip = (key: MetricKey) => {
    const m = METRICS[key];
    const chip = (
      <Chip key={key} value={key} size="xs">
        {m.label}
      </Chip>
    );
    return m.tooltip ? (
      <Tooltip key={key} label={m.tooltip} multiline w={260} withArrow>
        <span>{chip}</span>
      </Tooltip>
    ) : (
      chip
    );
  };

  return (
    <Paper withBorder p="md" component="section" aria-label="Report builder">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <DateRangeField
            preset={state.preset}
            range={range}
            onPreset={(preset: DatePresetKey) => onChange({ preset, custom: null })}
            onCustom={(custom) => onChange({ preset: 'custom', custom })}
            onPicking={onPicking}
            timeZone={timeZone}
            zoneControl={<TimeZoneControl publisherId={publisherId} timeZone={timeZone ?? 'UTC'} onSaved={props.onTimeZoneSaved} />}
          />
          <ComparisonField
            mode={state.compare}
            custom={state.compareCustom}
            compared={compared}
            onChange={(compare, compareCustom) => onChange({ compare, compareCustom })}
          />
        </SimpleGrid>
        <ReportFilters
          type={type}
          publisherId={publisherId}
          range={range}
          filters={state.filters}
          onChange={(filters) => onChange({ filters })}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap={6} role="group" aria-labelledby="report-dimensions-label">
            <Group gap={6}>
              <Text size="sm" fw={500} id="report-dimensions-label">
                Dimensions
              </Text>
              <Text size="xs" c="dimmed">
                up to {MAX_DIMENSIONS}
              </Text>
            </Group>
            <Chip.Group
              multiple
              value={state.dimensions}
              onChange={(v) => onChange({ dimensions: inCatalogOrder(def.dimensions, v).slice(0, MAX_DIMENSIONS) })}
            >
              <Group gap={6}>{def.dimensions.map(dimensionChip)}</Group>
            </Chip.Group>
          </Stack>
          <Stack gap={6} role="group" aria-labelledby="report-metrics-label">
            <Text size="sm" fw={500} id="report-metrics-label">
              Metrics
            </Text>
            <Chip.Group
              multiple
              value={state.metrics}
              // A report needs at least one metric: the last one cannot be switched off.
              onChange={(v) => v.length > 0 && onChange({ metrics: inCatalogOrder(def.metrics, v) })}
            >
              <Group gap={6}>{def.metrics.map(metricChip)}</Group>
            </Chip.Group>
          </Stack>
        </SimpleGrid>
        <Stack gap={6}>
          <Text size="sm" fw={500} id="report-interval-label">
            Interval
          </Text>
          <SegmentedControl
            aria-labelledby="report-interval-label"
            size="xs"
            w="fit-content"
            data={INTERVALS.map((i) => ({ value: i, label: i }))}
            value={state.interval}
            onChange={(v) => onChange({ interval: v as Interval })}
          />
        </Stack>
      </Stack>
    </Paper>
  );
}
