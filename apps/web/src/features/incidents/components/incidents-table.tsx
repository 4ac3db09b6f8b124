import { Fragment } from 'react';
import { Badge, Button, Table, Text } from '@mantine/core';
import type { Incident, IncidentSeverity } from '@pc/contracts';
import { DataTable, useTableSort, type DataColumn, type SortColumn } from '../../../components/ui/data-table';
import { IncidentPanel } from './incident-panel';
import { SEVERITY_COLORS, SEVERITY_LABELS, STATUS_COLORS, STATUS_LABELS, TYPE_LABELS, lastOccurrenceText } from './incident-labels';

/** Severity sorts by how bad it is, not by its name. */
const SEVERITY_RANK: Record<IncidentSeverity, number> = { low: 0, medium: 1, high: 2, critical: 3 };

const SORT_COLUMNS: SortColumn<Incident>[] = [
  { key: 'title', value: (i) => i.title },
  { key: 'site', value: (i) => i.scopeLabel },
  { key: 'type', value: (i) => TYPE_LABELS[i.type] },
  { key: 'severity', value: (i) => SEVERITY_RANK[i.severity], firstDir: 'desc' },
  { key: 'category', value: (i) => i.category },
  { key: 'status', value: (i) => STATUS_LABELS[i.status] },
  { key: 'new', value: (i) => (i.new ? 1 : 0), firstDir: 'desc' },
  { key: 'last', value: (i) => i.lastOccurrence, firstDir: 'desc' },
];

const HEADERS: DataColumn[] = [
  { key: 'title', header: 'Incident', sortable: true },
  { key: 'site', header: 'Site', sortable: true },
  { key: 'type', header: 'Type', sortable: true },
  { key: 'severity', header: 'Severity', sortable: true },
  { key: 'category', header: 'Category', sortable: true },
  { key: 'status', header: 'Status', sortable: true },
  { key: 'new', header: 'New', sortable: true },
  { key: 'last', header: 'Last occurrence', sortable: true },
  { key: 'timeline', header: '', label: 'Timeline' },
];

/** The spec's incident table; each row expands into its occurrence timeline and actions. */
export function IncidentsTable(props: {
  publisherId: string;
  incidents: Incident[];
  expanded: string | null;
  onToggle: (incident: Incident) => void;
  onChanged: () => void;
}) {
  const sort = useTableSort(props.incidents, SORT_COLUMNS);
  const { sorted } = sort;
  return (
    <DataTable label="Incidents" columns={HEADERS} sort={sort} minWidth={900} highlightOnHover withTableBorder fz="sm">
      {sorted.map((i) => {
        const open = props.expanded === i.id;
        const panelId = `incident-panel-${i.id}`;
        return (
          <Fragment key={i.id}>
            <Table.Tr data-testid="incident-row">
              <Table.Td>
                <Text size="sm" fw={i.new ? 600 : 400}>
                  {i.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {i.occurrences === 1 ? '1 occurrence' : `${i.occurrences} occurrences`}
                </Text>
              </Table.Td>
              <Table.Td>{i.scopeLabel}</Table.Td>
              <Table.Td>{TYPE_LABELS[i.type]}</Table.Td>
              <Table.Td>
                <Badge color={SEVERITY_COLORS[i.severity]} variant="light">
                  {SEVERITY_LABELS[i.severity]}
                </Badge>
              </Table.Td>
              <Table.Td>{i.category}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[i.status]} variant="light" data-testid="incident-status">
                  {STATUS_LABELS[i.status]}
                </Badge>
              </Table.Td>
              <Table.Td>
                {i.new ? (
                  <Badge color="blue" variant="filled" size="sm">
                    New
                  </Badge>
                ) : (
                  <Text size="xs" c="dimmed">
                    Seen
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{lastOccurrenceText(i)}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  aria-expanded={open}
                  aria-controls={open ? panelId : undefined}
                  aria-label={`${open ? 'Hide' : 'Show'} timeline of ${i.title}`}
                  onClick={() => props.onToggle(i)}
                >
                  {open ? 'Hide' : 'Timeline'}
                </Button>
              </Table.Td>
            </Table.Tr>
            {open && (
              <Table.Tr>
                <Table.Td colSpan={HEADERS.length} id={panelId} bg="var(--mantine-color-gray-0)">
                  <IncidentPanel publisherId={props.publisherId} incidentId={i.id} onChanged={props.onChanged} />
                </Table.Td>
              </Table.Tr>
            )}
          </Fragment>
        );
      })}
    </DataTable>
  );
}
