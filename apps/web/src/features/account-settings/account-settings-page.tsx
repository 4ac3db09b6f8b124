import { LoadErrorAlert } from '../../components/ui/load-error-alert';
import { Card, Skeleton, Stack } from '@mantine/core';
import { useChosenPublisherId } from '../../lib/chosen-publisher';
import { usePublisherDetails } from '../../lib/data/use-publisher-data';
import { PageHeader } from '../../components/ui/page-header';
import { CompanyForm } from './company-form';

/** /account-settings: the chosen publisher's company details. */
export function AccountSettingsPage() {
  const publisherId = useChosenPublisherId();
  const { data, error, isLoading, mutate } = usePublisherDetails(publisherId);
  return (
    <Stack gap="lg" maw={860}>
      <PageHeader
        title="Account Settings"
        purpose={`Company details of ${data?.name ?? 'this partner'}, used on statements and for contact about the account.`}
      />
      {error ? (
        <LoadErrorAlert title="The company details could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <Card>
          <Stack gap="sm">
            <Skeleton h={36} />
            <Skeleton h={36} />
            <Skeleton h={36} />
          </Stack>
        </Card>
      ) : (
        <CompanyForm key={data.id} details={data} onSaved={(d) => void mutate(d, { revalidate: false })} />
      )}
    </Stack>
  );
}
