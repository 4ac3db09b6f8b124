import { useState } from 'react';
import { Button, Group, Menu, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { UsageUserTypeLabels, UsageUserTypes, type UsageExportKind } from '@pc/contracts';
import { LazyTimeSeriesChart } from '../../../components/ui/charts/lazy-time-series-chart';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { saveFile } from '../../../lib/save-file';
import { addToast } from '../../../lib/toast';
import { usePartnersAdmin } from '../api/admin-api';
import { exportUsageCsv, useUsageReport, type UsageReportQuery } from '../api/usage-api';
import { UsageTables } from './usage-tables';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const lastDays = (days: number) => ({ from: iso(Date.now() - (days - 1) * DAY), to: iso(Date.now()) });
const EXPORTS: [UsageExportKind, string][] = [
  ['daily', 'Daily active users and events'],
  ['events', 'Events by name'],
  ['pages', 'Pages by views'],
  ['partners', 'By partner'],
];

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value.toLocaleString()}
      </Text>
    </Paper>
  );
}

/**
 * Usage analytics from the first-party /mp events (UTC days): daily active users and events over a
 * chosen range, events by name, pages by views, per partner and per user type; CSV export.
 */
export function UsageTab() {
  const [range, setRange] = useState(() => lastDays(30));
  const [partner, setPartner] = useState<string | null>(null);
  const [userType, setUserType] = useState<string | null>(null);
  const partners = usePartnersAdmin('');
  const type = UsageUserTypes.find((t) => t === userType);
  const query: UsageReportQuery = { ...range, ...(partner ? { publisherId: partner } : {}), ...(type ? { userType: type } : {}) };
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(range.from) && /^\d{4}-\d{2}-\d{2}$/.test(range.to) && range.from <= range.to;
  const { data, error, isLoading, mutate } = useUsageReport(valid ? query : null);

  const exportCsv = async (kind: UsageExportKind) => {
    try {
      const body = await exportUsageCsv(query, kind);
      saveFile(`usage-${kind}-${range.from}-${range.to}.csv`, body, 'text/csv;charset=utf-8');
    } catch (e) {
      addToast('error', (e as Error).message);
    }
  };

  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        {([7, 30, 90] as const).map((d) => (
          <Button key={d} variant="default" size="sm" onClick={() => setRange(lastDays(d))}>
            Last {d} days
          </Button>
        ))}
        <TextInput type="date" label="From" value={range.from} onChange={(e) => setRange({ ...range, from: e.currentTarget.value })} />
        <TextInput type="date" label="To" value={range.to} onChange={(e) => setRange({ ...range, to: e.currentTarget.value })} />
        <Select
          label="Partner"
          placeholder="All partners"
          clearable
          searchable
          value={partner}
          onChange={setPartner}
          data={(partners.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.id})` }))}
          w={240}
        />
        <Select
          label="User type"
          placeholder="All user types"
          clearable
          value={userType}
          onChange={setUserType}
          data={UsageUserTypes.map((t) => ({ value: t, label: UsageUserTypeLabels[t] }))}
          w={240}
        />
        <Menu>
          <Menu.Target>
            <Button variant="light" disabled={!data}>
              Export CSV
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {EXPORTS.map(([kind, label]) => (
              <Menu.Item key={kind} onClick={() => void exportCsv(kind)}>
                {label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {!valid && (
        <Text c="red" size="sm" role="alert">
          Choose a start date on or before the end date.
        </Text>
      )}
      {error && <LoadErrorAlert title="Usage could not be loaded" message={error.message} onRetry={() => void mutate()} />}
      {valid && !error && (isLoading || !data) && <Skeleton h={320} />}
      {data && data.totals.events === 0 && (
        <EmptyState title="No usage in this range">
          Events appear here as people use the product. Widen the dates or clear a filter.
        </EmptyState>
      )}
      {data && data.totals.events > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Figure label="Active users" value={data.totals.activeUsers} />
            <Figure label="Events" value={data.totals.events} />
            <Figure label="Page views" value={data.totals.pageViews} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Paper withBorder p="md" radius="md">
              <Title order={3} size="h5" mb="xs">
                Daily active users
              </Title>
              <LazyTimeSeriesChart
                ariaLabel="Daily active users per day"
                data={data.daily.map((d) => ({ x: d.day, users: d.activeUsers }))}
                series={[{ key: 'users', label: 'Active users', color: 'blue.6' }]}
                valueFormatter={(v) => v.toLocaleString()}
                height={220}
              />
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={3} size="h5" mb="xs">
                Events per day
              </Title>
              <LazyTimeSeriesChart
                ariaLabel="Events per day"
                data={data.daily.map((d) => ({ x: d.day, events: d.events }))}
                series={[{ key: 'events', label: 'Events', color: 'teal.6' }]}
                valueFormatter={(v) => v.toLocaleString()}
                height={220}
              />
            </Paper>
          </SimpleGrid>
          <UsageTables report={data} />
        </>
      )}
    </Stack>
  );
}
