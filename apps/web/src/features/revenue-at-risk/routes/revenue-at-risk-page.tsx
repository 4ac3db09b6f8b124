import { Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { formatDay, formatMoney, revenueAtRiskEndpoints, RISK_CAUSE_KINDS, RISK_CAUSE_LABELS } from '@pc/contracts';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { call, useEndpoint } from '../../../lib/endpoints';
import { saveFile } from '../../../lib/save-file';
import { RiskBreakdown } from '../components/risk-breakdown';

/** /revenue-at-risk: per site and cause, the money per day at risk with its formula and fix. */
export function RevenueAtRiskPage() {
  const publisherId = useChosenPublisherId();
  const { data, error, isLoading, mutate } = useEndpoint(revenueAtRiskEndpoints.get, publisherId, { query: {} });
  const download = () =>
    void call(revenueAtRiskEndpoints.csv, { query: {} }, { publisherId: publisherId ?? undefined }).then((csv) =>
      saveFile('revenue-at-risk.csv', csv, 'text/csv;charset=utf-8'),
    );
  return (
    <Stack gap="lg">
      <PageHeader
        title="Revenue at risk"
        purpose="Money per day each cause is costing your sites, priced from your own reports, monitors, page speed and rules."
        action={
          <Button variant="default" onClick={download} disabled={!data}>
            Download CSV
          </Button>
        }
      />
      {error ? (
        <LoadErrorAlert title="Revenue at risk could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <Card role="region" aria-busy="true" aria-label="Loading revenue at risk">
          <Skeleton h={120} />
        </Card>
      ) : data.sites.length === 0 ? (
        <Card>
          <Text>You have no active sites yet, so nothing can be at risk.</Text>
        </Card>
      ) : (
        <>
          <Card>
            <Text size="sm" c="dimmed">
              Priced over {data.period.days} complete days, {formatDay(data.period.from)} to {formatDay(data.period.to)}.
            </Text>
            <Text size="xl" fw={700} data-testid="risk-total">
              {formatMoney(data.totals.amountPerDay, data.currency)} per day at risk
            </Text>
            <Text size="sm" data-testid="risk-by-kind">
              {RISK_CAUSE_KINDS.map((k) => `${RISK_CAUSE_LABELS[k]} ${formatMoney(data.totals.byKind[k], data.currency)}`).join(' · ')}
            </Text>
          </Card>
          <RiskBreakdown data={data} />
        </>
      )}
    </Stack>
  );
}
