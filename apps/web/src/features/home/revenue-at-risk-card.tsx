import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatMoney, revenueAtRiskEndpoints, Routes } from '@pc/contracts';
import { useEndpoint } from '../../lib/endpoints';
import { SummaryCard } from './summary-card';

const TOP_SITES = 3;

/** Home: money per day at risk in total and for the sites with the most, linking to the breakdown. */
export function RevenueAtRiskCard({ publisherId }: { publisherId: string }) {
  const { data, error, isLoading, mutate } = useEndpoint(revenueAtRiskEndpoints.get, publisherId, { query: {} });
  const top = (data?.sites ?? []).filter((s) => s.amountPerDay > 0).slice(0, TOP_SITES);
  const nothing = data !== undefined && data.totals.amountPerDay === 0;
  return (
    <SummaryCard
      title="Revenue at risk"
      label="Revenue at risk summary"
      link={{ to: Routes.revenueAtRisk, text: 'See the breakdown' }}
      state={{ error, loading: isLoading || !data, retry: () => void mutate() }}
      empty={
        nothing && (
          <Text size="sm">
            Nothing priced at risk over the last {data.period.days} days.{' '}
            <Anchor component={Link} to={Routes.revenueAtRisk}>
              See what was checked
            </Anchor>
          </Text>
        )
      }
      figures={[
        {
          label: 'At risk per day',
          value: data ? formatMoney(data.totals.amountPerDay, data.currency) : '',
          testId: 'home-revenue-at-risk',
          alert: true,
          note: data && `Priced over the last ${data.period.days} complete days`,
        },
        {
          label: 'Top sites',
          value: (
            <>
              {top.map((s) => (
                <Group key={s.siteId} gap={6} wrap="nowrap" data-testid={`home-risk-site-${s.siteId}`}>
                  <Text size="sm" fw={600}>
                    {s.siteName}
                  </Text>
                  <Text size="sm">{data ? formatMoney(s.amountPerDay, data.currency) : ''}</Text>
                </Group>
              ))}
            </>
          ),
          testId: 'home-revenue-at-risk-sites',
        },
      ]}
    />
  );
}
