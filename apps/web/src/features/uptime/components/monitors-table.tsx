import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Anchor, Button, Checkbox, Group, Menu, Select, Table, Text, TextInput } from '@mantine/core';
import { Routes, type Monitor } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { formatDateTime } from '../../../lib/format/number-format';
import { formatAgo, formatFirstCheck, formatMs, formatUptime, STATUS_LABEL } from '../state/monitor-format';
import { Sparkline } from './sparkline';
import { StatusBadge } from './status-badge';

// Figures and badges read on one line ("99.96 %", "23 s ago"); the name and the headers wrap instead.
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const pauseLabel = (m: Monitor) => (m.status === 'paused' ? 'Resume' : 'Pause');

const STATUS_FILTER = (['down', 'up', 'pending', 'paused'] as const).map((s) => ({ value: s, label: STATUS_LABEL[s] }));

/**
 * The partner's table opens with a select-all box and ends with the row actions; staff's read-only
 * table (selectAll null) has a partner column instead. The narrow select column takes its width
 * from its body cells.
 */
function monitorColumns(selectAll: ReactNode | null): DataColumn[] {
  const own = selectAll !== null;
  return [
    ...(own ? [{ key: 'select', header: selectAll }] : []),
    { key: 'monitor', header: 'Monitor' },
    ...(own ? [] : [{ key: 'partner', header: 'Partner' }]),
    { key: 'status', header: 'Status' },
    { key: 'uptime24h', header: 'Uptime 24 h', align: 'right' },
    { key: 'uptime30d', header: 'Uptime 30 d', align: 'right' },
    { key: 'response', header: 'Response time', align: 'right' },
    { key: 'lastCheck', header: 'Last check' },
    { key: 'sparkline', header: 'Last 24 h' },
    ...(own ? [{ key: 'actions', header: '', label: 'Actions' }] : []),
  ];
}

interface Props {
  monitors: Monitor[];
  /** Staff's all-partners view: a partner column, no row actions (they act inside a chosen partner). */
  readOnly?: boolean;
  busy?: boolean;
  onPause?: (m: Monitor) => void;
  onDelete?: (m: Monitor) => void;
  onBulk?: (ids: string[], action: 'pause' | 'resume') => Promise<boolean>;
}

/** Filters (status, name/URL), selection with bulk pause/resume, and per-row actions. */
export function MonitorsTable({ monitors, readOnly, busy, onPause, onDelete, onBulk }: Props) {
  const [q, setQ] = useState('');
  // ?status=down (the home card's link) starts the list filtered; the filter stays local afterwards.
  const [params] = useSearchParams();
  const [status, setStatus] = useState<string | null>(() => STATUS_FILTER.find((f) => f.value === params.get('status'))?.value ?? null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const needle = q.trim().toLowerCase();
  const shown = monitors.filter(
    (m) => (!status || m.status === status) && (!needle || m.name.toLowerCase().includes(needle) || m.url.toLowerCase().includes(needle)),
  );
  const chosen = shown.filter((m) => selected.has(m.id)).map((m) => m.id);
  const allChosen = shown.length > 0 && chosen.length === shown.length;
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const bulk = async (action: 'pause' | 'resume') => {
    if (onBulk && (await onBulk(chosen, action))) setSelected(new Set());
  };
  const selectAll = (
    <Checkbox
      aria-label="Select all shown monitors"
      checked={allChosen}
      indeterminate={chosen.length > 0 && !allChosen}
      onChange={() => setSelected(allChosen ? new Set() : new Set(shown.map((m) => m.id)))}
    />
  );
  const columns = monitorColumns(readOnly ? null : selectAll);

  return (
    <>
      <Group gap="sm" align="end" justify="space-between">
        <Group gap="sm" align="end">
          <TextInput label="Search" placeholder="Name or URL" value={q} onChange={(e) => setQ(e.currentTarget.value)} w={260} />
          <Select label="Status" clearable placeholder="All statuses" data={STATUS_FILTER} value={status} onChange={setStatus} w={180} />
        </Group>
        {!readOnly && (
          <Group gap="xs">
            <Text size="sm" c="dimmed" aria-live="polite">
              {chosen.length} selected
            </Text>
            <Button size="xs" variant="default" disabled={chosen.length === 0} loading={busy} onClick={() => void bulk('pause')}>
              Pause selected
            </Button>
            <Button size="xs" variant="default" disabled={chosen.length === 0} loading={busy} onClick={() => void bulk('resume')}>
              Resume selected
            </Button>
          </Group>
        )}
      </Group>
      <DataTable
        label="Monitors"
        columns={columns}
        minWidth={900}
        striped
        highlightOnHover
        withTableBorder
        fz="sm"
        rowCount={shown.length}
        empty="No monitor matches these filters."
      >
        {shown.map((m) => (
          <Table.Tr key={m.id} data-testid={`monitor-row-${m.name}`}>
            {!readOnly && (
              <Table.Td w={36}>
                <Checkbox aria-label={`Select ${m.name}`} checked={selected.has(m.id)} onChange={() => toggle(m.id)} />
              </Table.Td>
            )}
            <Table.Td>
              {readOnly ? (
                <Text size="sm" fw={500}>
                  {m.name}
                </Text>
              ) : (
                <Anchor component={Link} to={Routes.uptimeMonitor(m.id)} fw={500}>
                  {m.name}
                </Anchor>
              )}
              <Text size="xs" c="dimmed" truncate maw={260} title={m.url}>
                {m.method} {m.url}
              </Text>
            </Table.Td>
            {readOnly && <Table.Td>{m.publisherName}</Table.Td>}
            {/* A badge ellipsises when its cell is squeezed ("P…"): this cell keeps the badge's width. */}
            <Table.Td miw={96} style={NOWRAP}>
              <StatusBadge status={m.status} />
              {m.status === 'down' && m.lastError && (
                <Text size="xs" c="red" maw={200} style={{ whiteSpace: 'normal' }}>
                  {m.lastError}
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right" style={NOWRAP}>
              {formatUptime(m.uptime24h)}
            </Table.Td>
            <Table.Td ta="right" style={NOWRAP}>
              {formatUptime(m.uptime30d)}
            </Table.Td>
            <Table.Td ta="right" style={NOWRAP}>
              {formatMs(m.lastResponseMs)}
            </Table.Td>
            <Table.Td style={NOWRAP} title={m.lastCheckAt ? formatDateTime(m.lastCheckAt) : undefined}>
              {/* Not checked yet: when it will be (monitors resumed together are spread over their interval). */}
              {m.lastCheckAt || m.status === 'paused' ? formatAgo(m.lastCheckAt) : formatFirstCheck(m.nextCheckAt)}
            </Table.Td>
            <Table.Td>
              <Sparkline points={m.sparkline} />
            </Table.Td>
            {!readOnly && (
              <Table.Td w={92}>
                {/* One menu instead of three buttons keeps the row inside 1280 px; each item's
                      accessible name still says which monitor it acts on ("Delete <name>"). */}
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <Button size="compact-xs" variant="subtle" aria-label={`Actions for ${m.name}`}>
                      Actions
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item component={Link} to={Routes.uptimeMonitorEdit(m.id)} aria-label={`Edit ${m.name}`}>
                      Edit
                    </Menu.Item>
                    <Menu.Item onClick={() => onPause?.(m)} aria-label={`${pauseLabel(m)} ${m.name}`}>
                      {pauseLabel(m)}
                    </Menu.Item>
                    <Menu.Item color="red" onClick={() => onDelete?.(m)} aria-label={`Delete ${m.name}`}>
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </DataTable>
    </>
  );
}
