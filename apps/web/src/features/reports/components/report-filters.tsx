import { useState } from 'react';
import { Badge, Button, CloseButton, Group, MultiSelect, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { DIMENSIONS, type DimensionKey, type FilterMode, type ReportFilter, type ReportType } from '@pc/contracts';
import type { DayRange } from '../state/date-presets';
import { selectableDimensions } from '../state/report-query';
import { useDimensionValues, type ValueOption } from '../api/use-dimension-values';

export interface ReportFiltersProps {
  type: ReportType;
  publisherId: string;
  range: DayRange;
  filters: ReportFilter[];
  onChange: (filters: ReportFilter[]) => void;
}

/** "Site is Alpha News, Beta Blog" / "Brand is not Acme": site ids are shown by their names. */
function describeFilter(f: ReportFilter, labelOf: (d: DimensionKey, v: string) => string): string {
  const values = f.values.map((v) => labelOf(f.dimension, v));
  const shown = values.length > 3 ? `${values.slice(0, 3).join(', ')} and ${values.length - 3} more` : values.join(', ');
  return `${DIMENSIONS[f.dimension].label} ${f.mode === 'include' ? 'is' : 'is not'} ${shown}`;
}

/**
 * The report's filters: each is a removable badge; "Add filter" picks a
 * dimension, include or exclude, and values (from this range's figures, sites from the account).
 */
export function ReportFilters({ type, publisherId, range, filters, onChange }: ReportFiltersProps) {
  const [open, setOpen] = useState(false);
  const [dimension, setDimension] = useState<DimensionKey | null>(null);
  const [mode, setMode] = useState<FilterMode>('include');
  const [values, setValues] = useState<string[]>([]);
  const options = useDimensionValues(publisherId, type, open ? dimension : null, range);
  const sites = useDimensionValues(publisherId, type, 'sites', range);
  const labelOf = (d: DimensionKey, v: string) => (d === 'sites' ? (sites.options.find((o) => o.value === v)?.label ?? v) : v);

  const free = selectableDimensions(type).filter((d) => !filters.some((f) => f.dimension === d));
  const reset = () => {
    setDimension(null);
    setMode('include');
    setValues([]);
  };
  const apply = () => {
    if (!dimension || values.length === 0) return;
    onChange([...filters, { dimension, mode, values }]);
    setOpen(false);
    reset();
  };
  const data: ValueOption[] = options.options;

  return (
    <Stack gap={6} role="group" aria-labelledby="report-filters-label">
      <Text size="sm" fw={500} id="report-filters-label">
        Filters
      </Text>
      <Group gap={6} wrap="wrap">
        {filters.length === 0 && (
          <Text size="xs" c="dimmed">
            None: every site, product and brand counts.
          </Text>
        )}
        {filters.map((f) => (
          <Badge
            key={f.dimension}
            variant="light"
            color={f.mode === 'include' ? 'brand' : 'red'}
            tt="none"
            size="lg"
            data-testid="report-filter"
            rightSection={
              <CloseButton
                size="xs"
                aria-label={`Remove filter ${describeFilter(f, labelOf)}`}
                onClick={() => onChange(filters.filter((o) => o.dimension !== f.dimension))}
              />
            }
          >
            {describeFilter(f, labelOf)}
          </Badge>
        ))}
        <Button
          size="compact-xs"
          variant="subtle"
          aria-expanded={open}
          onClick={() => {
            setOpen((o) => !o);
            reset();
          }}
          disabled={free.length === 0}
        >
          Add filter
        </Button>
        {filters.length > 1 && (
          <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onChange([])}>
            Clear filters
          </Button>
        )}
      </Group>
      {open && (
        // Inline rather than a popover: the value list opens below without covering its buttons.
        <Paper withBorder p="sm" w="fit-content" role="group" aria-label="Add filter">
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              label="Dimension"
              size="xs"
              w={160}
              data={free.map((d) => ({ value: d, label: DIMENSIONS[d].label }))}
              value={dimension}
              onChange={(v) => {
                setDimension(v as DimensionKey | null);
                setValues([]);
              }}
            />
            <SegmentedControl
              size="xs"
              aria-label="Filter mode"
              data={[
                { value: 'include', label: 'Only these' },
                { value: 'exclude', label: 'All but these' },
              ]}
              value={mode}
              onChange={(v) => setMode(v as FilterMode)}
            />
            <MultiSelect
              label="Values"
              size="xs"
              w={280}
              searchable
              disabled={!dimension}
              placeholder={!dimension ? 'Choose a dimension first' : options.isLoading ? 'Loading values…' : 'Pick one or more'}
              nothingFoundMessage={options.error ? 'The values could not be loaded' : 'No values in this range'}
              data={data}
              value={values}
              onChange={setValues}
            />
            <Button size="xs" variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button size="xs" onClick={apply} disabled={!dimension || values.length === 0}>
              Apply filter
            </Button>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
