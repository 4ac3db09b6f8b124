import { Link } from 'react-router';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Routes } from '@pc/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { useServicesOverview } from '../api/services-api';
import { LoadingCard } from '../../../components/ui/loading-card';
import { SitesStatusTable } from '../components/sites-status-table';

/** /services: the provider's services and each site's plan status. */
export function ServicesPage() {
  const publisherId = useChosenPublisherId();
  if (!publisherId) return null;
  return <Services publisherId={publisherId} />;
}

function Services({ publisherId }: { publisherId: string }) {
  const { data, error, isLoading, mutate } = useServicesOverview(publisherId);
  return (
    <Stack gap="lg">
      <PageHeader title="Services" purpose="What we can do for your sites, what each service needs, and where every site stands." />
      {error ? (
        <LoadErrorAlert title="The services could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <LoadingCard label="Loading services" />
      ) : (
        <>
          <section aria-labelledby="sites-status">
            <Title order={2} size="h4" id="sites-status" mb="sm">
              Your sites
            </Title>
            {data.sites.length === 0 ? (
              <EmptyState title="No active sites">Sites appear here once we add them to your account; contact us to add one.</EmptyState>
            ) : (
              <Card>
                <SitesStatusTable sites={data.sites} />
                <Text size="xs" c="dimmed" mt="sm">
                  Fully Onboarded: site tag activated with data received, and a confirmed data integration. Site Integration: the site tag
                  only. Data Integration: the data integration only.
                </Text>
              </Card>
            )}
          </section>
          <section aria-labelledby="services-list">
            <Title order={2} size="h4" id="services-list" mb="sm">
              Services
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {data.services.map((s) => (
                <Card key={s.id} withBorder data-service={s.id}>
                  <Stack gap="xs" h="100%">
                    <Group justify="space-between" wrap="nowrap">
                      <Title order={3} size="h5">
                        {s.name}
                      </Title>
                      <Badge variant="light" color={s.activeSites > 0 ? 'green' : 'gray'} style={{ flexShrink: 0 }}>
                        {s.activeSites} of {data.sites.length} sites
                      </Badge>
                    </Group>
                    <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                      {s.summary}
                    </Text>
                    <Group gap="xs">
                      <Button component={Link} to={Routes.service(s.id)} variant="light" size="xs" aria-label={`Details of ${s.name}`}>
                        Details
                      </Button>
                      <Button component={Link} to={Routes.serviceActivation(s.id)} size="xs" aria-label={`Activate ${s.name}`}>
                        Activate
                      </Button>
                    </Group>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          </section>
        </>
      )}
    </Stack>
  );
}
