import { Alert, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../components/ui/page-header';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icons';
import { useAdsTxtDomains } from '../api/adstxt-api';
import { DomainTable } from './domain-table';

/** The domain table with its loading, empty and error states. */
export function DomainListView({ publisherId }: { publisherId: string }) {
  const { data, error, isLoading, mutate } = useAdsTxtDomains(publisherId);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Ads.txt Management"
        purpose="Check that every domain's ads.txt authorizes us, add what is missing, or let us host the file for you."
      />
      {error ? (
        <Alert color="red" role="alert" title="The domains could not be loaded">
          <Group gap="sm">
            <Text size="sm">{error.message} Check your connection and try again.</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void mutate()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : isLoading || !data ? (
        <Card aria-busy="true" aria-label="Loading domains">
          <Stack gap={10}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={22} />
            ))}
          </Stack>
        </Card>
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
    </Stack>
  );
}
