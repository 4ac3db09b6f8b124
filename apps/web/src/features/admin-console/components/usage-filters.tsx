import { Button, Group, Menu, Select, TextInput } from '@mantine/core';
import { UsageUserTypeLabels, UsageUserTypes, type UsageExportKind } from '@pc/contracts';
import { usePartnersAdmin } from '../api/admin-api';
import { lastDays, type UsageTabState } from './use-usage-tab';

const EXPORTS: [UsageExportKind, string][] = [
  ['daily', 'Daily active users and events'],
  ['events', 'Events by name'],
  ['pages', 'Pages by views'],
  ['partners', 'By partner'],
];

/** The usage tab's range presets, dates, partner and user type filters, and the CSV export menu. */
export function UsageFilters({ state }: { state: UsageTabState }) {
  const { range, setRange, partner, setPartner, userType, setUserType, report, exportCsv } = state;
  const partners = usePartnersAdmin('');
  return (
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
          <Button variant="light" disabled={!report.data}>
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
  );
}
