import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Routes } from '@pc/contracts';
import { useChosenPublisherId } from '../../lib/chosen-publisher';
import { usePublisherDetails } from '../../lib/data/use-publisher-data';
import { PageHeader } from '../../components/ui/page-header';
import { SitesCard } from './sites-card';
import { AreaLinks } from './area-links';

/** Home (/): the chosen publisher at a glance, from the API only (no invented figures). */
export function HomePage() {
  const publisherId = useChosenPublisherId();
  const { data, error, isLoading, mutate } = usePublisherDetails(publisherId);

  return (
    <Stack gap="lg">
      <PageHeader
        title={data ? data.name : 'Dashboard'}
        purpose="Your partner account at a glance: sites, settings and every area of the portal."
        action={
          <Button component={Link} to={Routes.revenueSummary}>
            Open reports
          </Button>
        }
      />
      {error && (
        <Alert color="red" role="alert" title="The partner details could not be loaded">
          <Group gap="sm">
            <Text size="sm">{error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void mutate()}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <Card>
          <Text size="xs" tt="uppercase" fw={600} c="dimmed">
            Partner
          </Text>
          {isLoading || !data ? (
            <Stack gap={8} mt="sm">
              <Skeleton h={20} w="70%" />
              <Skeleton h={14} w="50%" />
              <Skeleton h={14} w="40%" />
            </Stack>
          ) : (
            <Stack gap={6} mt="sm">
              <Title order={2} size="h4">
                {data.name}
              </Title>
              <Text size="sm">
                Partner id: <strong>{data.id}</strong>
              </Text>
              <Text size="sm">
                Currency: <strong>{data.currency}</strong>
              </Text>
              <Text size="sm">
                Direct deals: <strong>{data.has_direct ? 'Yes' : 'No'}</strong>
              </Text>
              <Button component={Link} to={Routes.accountSettings} variant="subtle" size="compact-sm" w="fit-content" px={0}>
                Company details
              </Button>
            </Stack>
          )}
        </Card>
        <Card style={{ gridColumn: 'span 2' }} className="pc-revenue-card">
          <Text size="xs" tt="uppercase" fw={600} c="dimmed">
            Revenue
          </Text>
          <Stack gap="xs" mt="sm">
            <Title order={2} size="h4">
              Revenue figures appear here once reports are available
            </Title>
            <Text size="sm" c="dimmed">
              Yesterday&apos;s revenue, month to date and eCPM will be summarised on this card when reporting is switched on for your account. Until
              then, nothing is estimated or shown.
            </Text>
          </Stack>
        </Card>
      </SimpleGrid>
      <SitesCard sites={data?.sites} loading={isLoading} />
      <AreaLinks />
    </Stack>
  );
}
