import { Alert, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatCount, formatDay, formatMoney, formatPercent, type BlockingRuleType, type ImpactPreview } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';

// The shared formatters: the same money, shares and counts as the reports show.
const money = formatMoney;
const pct = formatPercent;
const int = formatCount;

/** What the coverage counts, by rule type (brands are always recorded). */
const COVERED: Partial<Record<BlockingRuleType, string>> = {
  advertiser_domain: 'an advertiser domain',
  iab_category: 'an IAB category',
};

const SITE_COLUMNS: DataColumn[] = [
  { key: 'site', header: 'Site' },
  { key: 'revenue', header: 'Revenue removed', align: 'right' },
  { key: 'impressions', header: 'Impressions removed', align: 'right' },
  { key: 'share', header: 'Share of site revenue', align: 'right' },
];

/**
 * What the rule would have removed over the last 30 days, per site, with the warnings. For
 * domains and categories, what share of the revenue recorded one (the rest cannot be counted).
 */
export function ImpactCard({ preview, type }: { preview: ImpactPreview; type: BlockingRuleType }) {
  const showCoverage = type in COVERED && preview.coverage !== null;
  return (
    <Card role="region" withBorder aria-label="Impact preview">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Impact over the last 30 days ({formatDay(preview.dateFrom)} to {formatDay(preview.dateTo)})
        </Title>
        {!preview.priced ? (
          <Text size="sm" c="dimmed">
            {preview.reason ?? 'The reports do not record this kind of value, so its impact cannot be priced.'} Net revenue in the period:{' '}
            {money(preview.totalRevenue, preview.currency)}.
          </Text>
        ) : (
          <>
            <Group gap="xl">
              <div>
                <Text size="xs" c="dimmed">
                  Net revenue removed
                </Text>
                <Text fw={700} data-testid="impact-revenue">
                  {money(preview.removedRevenue, preview.currency)} ({pct(preview.revenueShare)})
                </Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  Impressions removed
                </Text>
                <Text fw={700}>
                  {int(preview.removedImpressions)} ({pct(preview.impressionShare)})
                </Text>
              </div>
            </Group>
            {preview.coverage !== null && preview.coverage < 1 && (
              <Text size="sm" data-testid="impact-coverage">
                {pct(preview.coverage)} of the net revenue on these sites recorded {COVERED[type] ?? 'this value'}. Sales without it are not
                counted as removed, so the rule may remove more than shown.
              </Text>
            )}
            <DataTable
              label="Impact by site"
              columns={
                showCoverage
                  ? [...SITE_COLUMNS, { key: 'coverage', header: `Revenue with ${COVERED[type] ?? 'the value'}`, align: 'right' }]
                  : SITE_COLUMNS
              }
              minWidth={560}
              striped
              withTableBorder
              fz="sm"
            >
              {preview.sites.map((s) => (
                <Table.Tr key={s.siteId}>
                  <Table.Td>{s.siteName}</Table.Td>
                  <Table.Td ta="right">{money(s.removedRevenue, preview.currency)}</Table.Td>
                  <Table.Td ta="right">{int(s.removedImpressions)}</Table.Td>
                  <Table.Td ta="right">{pct(s.revenueShare)}</Table.Td>
                  {showCoverage && <Table.Td ta="right">{s.coverage === null ? '–' : pct(s.coverage)}</Table.Td>}
                </Table.Tr>
              ))}
            </DataTable>
          </>
        )}
        {preview.warnings.map((w) => (
          <Alert key={w} color="yellow" role="alert" title="Check before saving">
            {w}
          </Alert>
        ))}
      </Stack>
    </Card>
  );
}
