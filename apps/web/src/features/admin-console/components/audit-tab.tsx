import { Fragment, useState } from 'react';
import { Button, Code, Group, Stack, Table, TextInput } from '@mantine/core';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { saveFile } from '../../../lib/save-file';
import { addToast } from '../../../lib/toast';
import { exportAuditCsv, useAuditLog, type AuditLogQuery } from '../api/audit-api';
import { formatDateTime } from '../../../lib/format/number-format';

const FILTERS = [
  ['actor', 'Actor e-mail'],
  ['publisherId', 'Partner id'],
  ['action', 'Action (e.g. user, invitation.create)'],
  ['from', 'From (YYYY-MM-DD)'],
  ['to', 'To (YYYY-MM-DD)'],
] as const;
type Filters = Record<(typeof FILTERS)[number][0], string>;

const COLUMNS: DataColumn[] = [
  { key: 'time', header: 'Time' },
  { key: 'actor', header: 'Actor' },
  { key: 'partner', header: 'Partner' },
  { key: 'action', header: 'Action' },
  { key: 'details', header: '', label: 'Details' },
];

/** The audit log: who changed what, for which partner, when; each change's before/after; CSV export. */
export function AuditTab() {
  const [f, setF] = useState<Filters>({ actor: '', publisherId: '', action: '', from: '', to: '' });
  const [open, setOpen] = useState<number | null>(null);
  const query: AuditLogQuery = Object.fromEntries(Object.entries(f).filter(([, v]) => v.trim() !== ''));
  const { data, error, isLoading, mutate } = useAuditLog(query);
  const exportCsv = async () => {
    try {
      const body = await exportAuditCsv(query);
      saveFile('audit-log.csv', body, 'text/csv;charset=utf-8');
    } catch (e) {
      addToast('error', (e as Error).message);
    }
  };
  return (
    <Stack>
      <Group align="flex-end">
        {FILTERS.map(([k, label]) => (
          <TextInput
            key={k}
            label={label}
            value={f[k]}
            onChange={(e) => setF({ ...f, [k]: e.currentTarget.value })}
            w={k === 'action' ? 260 : 170}
          />
        ))}
        <Button variant="light" onClick={() => void exportCsv()}>
          Export CSV
        </Button>
      </Group>
      {error && <LoadErrorAlert title="The audit log could not be loaded" message={error.message} onRetry={() => void mutate()} />}
      {(data || !error) && (
        <DataTable
          label="Audit log"
          columns={COLUMNS}
          minWidth={560}
          striped
          loading={isLoading || !data}
          rowCount={data?.length}
          empty={<EmptyState title="No change matches">Clear a filter or widen the dates.</EmptyState>}
        >
          {data?.map((e) => (
            <Fragment key={e.id}>
              <Table.Tr>
                <Table.Td>{formatDateTime(e.at)}</Table.Td>
                <Table.Td>{e.actor ?? 'deleted user / system'}</Table.Td>
                <Table.Td>{e.publisherId ?? '—'}</Table.Td>
                <Table.Td>{e.action}</Table.Td>
                <Table.Td>
                  {e.details != null && (
                    <Button size="xs" variant="subtle" aria-expanded={open === e.id} onClick={() => setOpen(open === e.id ? null : e.id)}>
                      {open === e.id ? 'Hide details' : 'Details'}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
              {open === e.id && (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS.length}>
                    <Code block>{JSON.stringify(e.details, null, 2)}</Code>
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
