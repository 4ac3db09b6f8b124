import { Badge, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { setupProgress, type SetupChecklist } from '@pc/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { useSetupChecklist } from '../api/setup-api';
import { LoadingCard } from '../../../components/ui/loading-card';
import { SetupStepItem } from '../components/setup-step-item';

/** /media-owners-cloud-setup: the setup checklist, every step checked by the server from real state. */
export function SetupPage() {
  const publisherId = useChosenPublisherId();
  if (!publisherId) return null;
  return <Setup publisherId={publisherId} />;
}

function Setup({ publisherId }: { publisherId: string }) {
  const { data, error, isLoading, mutate } = useSetupChecklist(publisherId);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Setup"
        purpose="The steps that make the portal useful for your sites. Each one is checked from what you have set up, so it ticks itself once done."
      />
      {error ? (
        <LoadErrorAlert title="The setup checklist could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <LoadingCard label="Loading the setup checklist" />
      ) : (
        <Checklist data={data} />
      )}
    </Stack>
  );
}

function Checklist({ data }: { data: SetupChecklist }) {
  const percent = setupProgress(data);
  const left = data.total - data.done;
  return (
    <>
      <Card role="region" aria-labelledby="setup-progress">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4" id="setup-progress">
            Progress
          </Title>
          <Text fw={600} data-testid="setup-progress-text">
            {data.done} of {data.total} steps done
          </Text>
        </Group>
        <Progress value={percent} color={data.complete ? 'green' : 'blue'} size="lg" aria-label={`Setup progress: ${percent}%`} />
        <Text size="sm" c="dimmed" mt="xs">
          {data.complete ? 'Everything is set up. Well done.' : `${left} step${left === 1 ? '' : 's'} left.`}
        </Text>
      </Card>
      <section aria-labelledby="setup-account">
        <Title order={2} size="h4" id="setup-account" mb="sm">
          Your account
        </Title>
        <Card>
          <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
            {data.account.map((s) => (
              <SetupStepItem key={s.id} step={s} />
            ))}
          </Stack>
        </Card>
      </section>
      <section aria-labelledby="setup-sites">
        <Title order={2} size="h4" id="setup-sites" mb="sm">
          Your sites
        </Title>
        {data.sites.length === 0 ? (
          <EmptyState title="No active sites">The steps for each site appear here once we add a site to your account.</EmptyState>
        ) : (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            {data.sites.map((site) => (
              <Card role="region" key={site.siteId} withBorder aria-label={`Setup of ${site.siteName}`} data-site={site.siteId}>
                <Group justify="space-between" mb="sm" wrap="nowrap">
                  <Stack gap={0}>
                    <Title order={3} size="h5">
                      {site.siteName}
                    </Title>
                    <Text size="xs" c="dimmed">
                      {site.domain}
                    </Text>
                  </Stack>
                  <Badge variant="light" color={site.done === site.total ? 'green' : 'gray'} style={{ flexShrink: 0 }}>
                    {site.done} of {site.total}
                  </Badge>
                </Group>
                <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
                  {site.steps.map((s) => (
                    <SetupStepItem key={s.id} step={s} />
                  ))}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </section>
    </>
  );
}
