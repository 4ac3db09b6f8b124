import { useState } from 'react';
import { Alert, Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { TrackingEvents } from '@pc/contracts';
import { useSignedIn } from '../../../lib/identity/auth-context';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { track } from '../../../lib/tracking/track';
import { saveFile } from '../../../lib/save-file';
import { AllPublishersView } from './all-publishers-view';
import { AddAppDomain } from './add-app-domain';
import { AppDomainClaims } from './app-domain-claims';
import { PageHeader } from '../../../components/ui/page-header';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadingCard } from '../../../components/ui/loading-card';
import { Icon } from '../../../components/ui/icons';
import { fetchAllMissingLines, useAdsTxtDomains } from '../api/adstxt-api';
import { DomainTable } from './domain-table';

/** The domain table with its loading, empty and error states. */
export function DomainListView({ publisherId }: { publisherId: string }) {
  const { data, error, isLoading, mutate } = useAdsTxtDomains(publisherId);
  const { scope } = useSignedIn();
  const [scopeView, setScopeView] = useState<'partner' | 'all'>('partner');
  const [downloading, setDownloading] = useState(false);
  const missing = (data ?? []).reduce((n, d) => n + d.missingCount, 0);

  async function downloadAll() {
    track(TrackingEvents.adsTxtDownload, { scope: 'all_domains', count: missing });
    setDownloading(true);
    try {
      saveFile('all-missing-ads-txt-lines.txt', await fetchAllMissingLines(publisherId));
    } catch (e) {
      toast.error(`The download failed: ${errorMessage(e)}`);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Ads.txt Management"
        purpose="Check that every domain's ads.txt authorizes us, add what is missing, or let us host the file for you."
        action={
          missing > 0 && scopeView === 'partner' ? (
            <Button variant="light" loading={downloading} onClick={() => void downloadAll()}>
              Download all missing lines ({missing})
            </Button>
          ) : undefined
        }
      />
      {scope.type === 'internal' && (
        <SegmentedControl
          w="fit-content"
          value={scopeView}
          onChange={(v) => setScopeView(v as 'partner' | 'all')}
          aria-label="Which domains"
          data={[
            { value: 'partner', label: 'This partner' },
            { value: 'all', label: 'All partners' },
          ]}
        />
      )}
      {scopeView === 'all' ? (
        <AllPublishersView />
      ) : error ? (
        <Alert color="red" role="alert" title="The domains could not be loaded">
          <Group gap="sm">
            <Text size="sm">{error.message} Check your connection and try again.</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void mutate()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : isLoading || !data ? (
        <LoadingCard label="Loading domains" rows={4} />
      ) : data.length === 0 ? (
        <EmptyState title="No domains yet" icon={<Icon name="adstxt" size={24} />}>
          Your domains come from the sites registered for this partner. Once your account manager adds a site, its domain appears here with
          the status of its ads.txt file.
        </EmptyState>
      ) : (
        <Card p={0}>
          <DomainTable items={data} />
        </Card>
      )}
      {scopeView === 'partner' && !error && data && <AddAppDomain publisherId={publisherId} />}
      {scopeView === 'partner' && !error && data && <AppDomainClaims publisherId={publisherId} />}
    </Stack>
  );
}
