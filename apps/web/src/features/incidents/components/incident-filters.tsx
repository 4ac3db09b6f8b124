import { Button, Group, Select } from '@mantine/core';
import { INCIDENT_TYPES, type IncidentListQuery } from '@pc/contracts';
import { SEVERITY_LABELS, STATUS_LABELS, TYPE_LABELS } from './incident-labels';

const options = <K extends string>(labels: Record<K, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label: label as string }));

/** Status, type, severity and site; the page keeps them in the address so a filtered view can be shared. */
export function IncidentFilters(props: {
  value: IncidentListQuery;
  sites: { id: string; name: string }[];
  onChange: (next: IncidentListQuery) => void;
}) {
  const { value: v, onChange } = props;
  const set = (k: keyof IncidentListQuery) => (x: string | null) => onChange({ ...v, [k]: x ?? undefined });
  const any = Object.values(v).some(Boolean);
  return (
    <Group gap="sm" align="end" role="group" aria-label="Incident filters">
      <Select
        label="Status"
        clearable
        placeholder="All statuses"
        data={options(STATUS_LABELS)}
        value={v.status ?? null}
        onChange={set('status')}
        w={170}
      />
      <Select
        label="Type"
        clearable
        placeholder="All types"
        data={INCIDENT_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
        value={v.type ?? null}
        onChange={set('type')}
        w={170}
      />
      <Select
        label="Severity"
        clearable
        placeholder="All severities"
        data={options(SEVERITY_LABELS)}
        value={v.severity ?? null}
        onChange={set('severity')}
        w={160}
      />
      <Select
        label="Site"
        clearable
        placeholder="All sites"
        data={props.sites.map((s) => ({ value: s.id, label: s.name }))}
        value={v.siteId ?? null}
        onChange={set('siteId')}
        w={200}
      />
      {any && (
        <Button variant="subtle" onClick={() => onChange({})}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
