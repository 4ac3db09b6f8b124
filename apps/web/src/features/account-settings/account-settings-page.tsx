import { LoadErrorAlert } from '../../components/ui/load-error-alert';
import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useConfig } from '../../lib/config-context';
import { useChosenPublisherId } from '../../lib/chosen-publisher';
import { usePublisherDetails } from '../../lib/data/use-publisher-data';
import { PageHeader } from '../../components/ui/page-header';
import { CompanyForm } from './company-form';

/** /account-settings: the chosen publisher's company details. */
export function AccountSettingsPage() {
  const publisherId = useChosenPublisherId();
  const { data, error, isLoading, mutate } = usePublisherDetails(publisherId);
  const { links } = useConfig();
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
      <Card component="section" aria-labelledby="agreements-title">
        <Title order={2} size="h5" id="agreements-title">
          Agreements and support
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          The terms this account works under, and where to ask about them.
        </Text>
        <Group gap="lg">
          <Anchor href={links.termsOfService} target="_blank" rel="noopener noreferrer" size="sm">
            Master services agreement<span className="visually-hidden"> (opens in a new tab)</span>
          </Anchor>
          <Anchor href={links.privacyPolicy} target="_blank" rel="noopener noreferrer" size="sm">
            Privacy policy<span className="visually-hidden"> (opens in a new tab)</span>
          </Anchor>
          <Anchor href={links.supportTicket} target="_blank" rel="noopener noreferrer" size="sm">
            Open a support ticket<span className="visually-hidden"> (opens in a new tab)</span>
          </Anchor>
        </Group>
      </Card>
    </Stack>
  );
}
