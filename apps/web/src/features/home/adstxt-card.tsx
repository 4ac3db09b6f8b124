import { Text } from '@mantine/core';
import { adsTxtEndpoints, Routes, type AdsTxtItem } from '@pc/contracts';
import { useEndpoint } from '../../lib/endpoints';
import { countOf } from '../../lib/format/number-format';
import { SummaryCard } from './summary-card';

/** What a domain's status asks of the publisher: nothing when authorized, or not read yet. */
const needsWork = (d: AdsTxtItem) => d.status === 'missing_lines' || d.status === 'not_found' || d.status === 'error';

/**
 * Home: where the partner's ads.txt stands, from the same list the ads.txt page shows (one SWR key,
 * so both read one answer; home does not import the ads.txt feature).
 */
export function AdsTxtCard({ publisherId }: { publisherId: string }) {
  const { data, error, isLoading, mutate } = useEndpoint(adsTxtEndpoints.listDomains, publisherId, {});
  const toFix = data?.filter(needsWork) ?? [];
  const missing = toFix.reduce((n, d) => n + d.missingCount, 0);
  const ignored = data?.reduce((n, d) => n + d.ignoredLines, 0) ?? 0;
  return (
    <SummaryCard
      title="Ads.txt"
      label="Ads.txt summary"
      link={data && data.length > 0 ? { to: Routes.adsTxt, text: toFix.length ? 'Fix ads.txt' : 'Open ads.txt' } : undefined}
      state={{ error, loading: isLoading || !data, retry: () => void mutate() }}
      loadingTestId="home-adstxt-loading"
      empty={data?.length === 0 && <Text size="sm">No domain yet: your sites&apos; domains appear here once they are added.</Text>}
      figures={[
        { label: 'Domains to fix', value: data && toFix.length, testId: 'home-adstxt-to-fix', alert: toFix.length > 0 },
        { label: 'Missing lines', value: data && missing, testId: 'home-adstxt-missing', alert: missing > 0 },
      ]}
      footer={
        data &&
        [
          toFix.length === 0
            ? 'No domain needs work.'
            : `${toFix.length} of ${countOf(data.length, 'domain')} ${toFix.length === 1 ? 'needs' : 'need'} a look.`,
          ignored > 0 ? `${countOf(ignored, 'line')} ignored by buyers.` : '',
        ]
          .filter(Boolean)
          .join(' ')
      }
    />
  );
}
