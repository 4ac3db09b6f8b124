import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatMoney, type RevenueAtRisk } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { RiskCauseRow } from './risk-cause-row';

const COLUMNS: DataColumn[] = [
  { key: 'cause', header: 'Cause' },
  { key: 'perDay', header: 'Per day' },
  { key: 'formula', header: 'Formula and inputs' },
  { key: 'fix', header: 'Fix' },
];

/** Every site with its four causes, largest amount first. */
export function RiskBreakdown({ data }: { data: RevenueAtRisk }) {
  return (
    <Stack gap="lg">
      {data.sites.map((s) => (
        <Card key={s.siteId} role="region" aria-label={`Revenue at risk on ${s.siteName}`}>
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              {s.siteName}
            </Title>
            <Text fw={700} data-testid={`risk-site-total-${s.siteId}`}>
              {formatMoney(s.amountPerDay, data.currency)} per day
            </Text>
          </Group>
          <DataTable label={`Causes on ${s.siteName}`} columns={COLUMNS} minWidth={640} verticalSpacing="xs">
            {s.causes.map((c) => (
              <RiskCauseRow key={c.kind} cause={c} currency={data.currency} siteId={s.siteId} />
            ))}
          </DataTable>
        </Card>
      ))}
    </Stack>
  );
}
