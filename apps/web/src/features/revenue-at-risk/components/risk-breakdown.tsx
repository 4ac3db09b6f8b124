import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, type RevenueAtRisk } from '@pc/contracts';
import { RiskCauseRow } from './risk-cause-row';

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
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" aria-label={`Causes on ${s.siteName}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Cause</Table.Th>
                  <Table.Th>Per day</Table.Th>
                  <Table.Th>Formula and inputs</Table.Th>
                  <Table.Th>Fix</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.causes.map((c) => (
                  <RiskCauseRow key={c.kind} cause={c} currency={data.currency} siteId={s.siteId} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      ))}
    </Stack>
  );
}
