import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, Select, Table, TextInput } from '@mantine/core';
import { BLOCKING_RULE_TYPE_LABELS, BLOCKING_RULE_TYPES, Routes, formatDateTime, formatDay, type BlockingRule } from '@pc/contracts';
import { DataTable, dateValue, useTableSort, type DataColumn, type SortColumn } from '../../../components/ui/data-table';
import { STATUS_LABELS, filterRules, valuesPreview } from '../state/rule-filter';

const STATUS_COLOR = { active: 'green', paused: 'gray', expired: 'orange' } as const;

const SORT_COLUMNS: SortColumn<BlockingRule>[] = [
  { key: 'name', value: (r) => r.name },
  { key: 'type', value: (r) => BLOCKING_RULE_TYPE_LABELS[r.type] },
  { key: 'status', value: (r) => r.status },
  { key: 'expires', value: (r) => dateValue(r.expiresAt) },
  { key: 'changed', value: (r) => dateValue(r.updatedAt), firstDir: 'desc' },
];

const COLUMNS: DataColumn[] = [
  { key: 'name', header: 'Name', sortable: true },
  { key: 'type', header: 'Type', sortable: true },
  { key: 'values', header: 'Values' },
  { key: 'sites', header: 'Sites' },
  { key: 'status', header: 'Status', sortable: true },
  { key: 'expires', header: 'Expires', sortable: true },
  { key: 'changed', header: 'Last changed', sortable: true },
  { key: 'actions', header: '', label: 'Actions' },
];

/** Search by name or value, filter by type and status; actions per row. */
export function RulesTable(props: {
  rules: BlockingRule[];
  siteName: (id: string) => string;
  /** An IAB category's name by its id (the taxonomy); until it has loaded, the id. */
  iabName?: (id: string) => string;
  onPause: (rule: BlockingRule) => void;
  onDelete: (rule: BlockingRule) => void;
}) {
  const [q, setQ] = useState('');
  const [type, setType] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const iabName = props.iabName ?? ((id: string) => id);
  // Only IAB categories are codes; every other type's values are what the publisher typed.
  const valueText = (r: BlockingRule) => (r.type === 'iab_category' ? iabName : (v: string) => v);
  const sort = useTableSort(
    filterRules(props.rules, { q, type, status }, (v, r) => valueText(r)(v)),
    SORT_COLUMNS,
  );
  const shown = sort.sorted;
  return (
    <>
      <Group gap="sm" align="end">
        <TextInput label="Search" placeholder="Name or value" value={q} onChange={(e) => setQ(e.currentTarget.value)} w={260} />
        <Select
          label="Type"
          clearable
          placeholder="All types"
          data={BLOCKING_RULE_TYPES.map((t) => ({ value: t, label: BLOCKING_RULE_TYPE_LABELS[t] }))}
          value={type}
          onChange={setType}
        />
        <Select
          label="Status"
          clearable
          placeholder="All statuses"
          data={Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))}
          value={status}
          onChange={setStatus}
        />
      </Group>
      <DataTable
        label="Blocking rules"
        columns={COLUMNS}
        sort={sort}
        minWidth={560}
        striped
        highlightOnHover
        withTableBorder
        fz="sm"
        rowCount={shown.length}
        empty="No rule matches these filters."
      >
        {shown.map((r) => (
          <Table.Tr key={r.id}>
            <Table.Td>
              <Anchor component={Link} to={`${Routes.blockingRules}?rule=${r.id}`}>
                {r.name}
              </Anchor>
            </Table.Td>
            <Table.Td>{BLOCKING_RULE_TYPE_LABELS[r.type]}</Table.Td>
            <Table.Td>{valuesPreview(r.values, valueText(r))}</Table.Td>
            <Table.Td>{r.siteIds === null ? 'All sites' : r.siteIds.map(props.siteName).join(', ')}</Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLOR[r.status]} variant="light">
                {STATUS_LABELS[r.status]}
              </Badge>
            </Table.Td>
            <Table.Td>{r.expiresAt ? formatDay(r.expiresAt) : '—'}</Table.Td>
            <Table.Td>
              {r.updatedBy ?? 'System'}, {formatDateTime(r.updatedAt)}
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                {r.status !== 'expired' && (
                  <Button size="compact-xs" variant="subtle" onClick={() => props.onPause(r)}>
                    {r.status === 'paused' ? 'Resume' : 'Pause'}
                  </Button>
                )}
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => props.onDelete(r)} aria-label={`Delete ${r.name}`}>
                  Delete
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </>
  );
}
