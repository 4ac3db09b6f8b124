import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Card, Checkbox, Code, Group, Stack, Text, Title } from '@mantine/core';
import { Routes, serviceById, TrackingEvents, type ActivationResult, type ServiceDefinition } from '@pc/contracts';
import { CopyValueButton } from '../../../components/ui/copy-value-button';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { NotFoundPage } from '../../../components/ui/not-found-page';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-error';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { addToast } from '../../../lib/toast';
import { track } from '../../../lib/tracking/track';
import { activateService, useServiceDetail } from '../api/services-api';
import { DataIntegrationPanel } from '../components/data-integration-panel';
import { LoadingCard } from '../../../components/ui/loading-card';
import { ProductStatusBadge } from '../components/status-badges';
import { countOf } from '../../../lib/format/number-format';

/** /services/:id/activation: choose sites and activate, or the data integration flow. */
export function ActivationPage() {
  const publisherId = useChosenPublisherId();
  const { id = '' } = useParams();
  const def = serviceById(id);
  if (!def) return <NotFoundPage />;
  if (!publisherId) return null;
  return (
    <Stack gap="lg">
      <PageHeader
        title={`Activate ${def.name}`}
        purpose={def.summary}
        action={
          <Button component={Link} to={Routes.service(def.id)} variant="default">
            Back to the service
          </Button>
        }
      />
      {def.id === 'data-integration' ? (
        <DataIntegrationPanel publisherId={publisherId} />
      ) : (
        <ChooseSites publisherId={publisherId} def={def} />
      )}
    </Stack>
  );
}

function ChooseSites({ publisherId, def }: { publisherId: string; def: ServiceDefinition }) {
  const { data, error, isLoading, mutate } = useServiceDetail(publisherId, def.id);
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ActivationResult | null>(null);
  if (error) return <LoadErrorAlert title="Your sites could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <LoadingCard label="Loading your sites" />;

  const activate = async () => {
    if (chosen.length === 0) {
      setProblem('Choose at least one site.');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const r = await activateService(publisherId, def.id, chosen);
      track(TrackingEvents.activation, { publisher_id: publisherId, service_id: def.id, site_ids: chosen.join(',') });
      if (def.usesSiteTag)
        track(TrackingEvents.siteTagRequest, { publisher_id: publisherId, service_id: def.id, site_ids: chosen.join(',') });
      setResult(r);
      setChosen([]);
      addToast('success', `${def.name}: activation started for ${countOf(r.pending.length, 'site')}.`);
      await mutate();
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const siteName = (id: string) => data.sites.find((s) => s.siteId === id)?.siteName ?? id;
  return (
    <Stack gap="lg">
      <Card>
        <Title order={2} size="h5" mb="xs">
          Choose sites
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {def.usesSiteTag
            ? 'Activating issues the site tag of each site and e-mails its install guide. The site counts as activated once its first page views reach us.'
            : 'Activating turns the service on for the sites you choose.'}
        </Text>
        {data.sites.length === 0 ? (
          <Text size="sm">You have no active site to activate.</Text>
        ) : (
          <Checkbox.Group value={chosen} onChange={setChosen} label="Sites" error={problem ?? undefined}>
            <Stack gap="xs" mt="xs">
              {data.sites.map((s) => (
                <Group key={s.siteId} justify="space-between" wrap="nowrap" data-site={s.siteId}>
                  <Checkbox value={s.siteId} label={`${s.siteName} (${s.domain})`} disabled={s.service.status !== 'NOT_ACTIVATED'} />
                  <ProductStatusBadge status={s.service.status} />
                </Group>
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <Group mt="md">
          <Button onClick={() => void activate()} loading={busy} disabled={data.sites.every((s) => s.service.status !== 'NOT_ACTIVATED')}>
            Activate {def.name}
          </Button>
        </Group>
      </Card>
      {result && result.tag.length > 0 && (
        <Card>
          <Title order={2} size="h5" mb="xs">
            Install the site tag
          </Title>
          <Text size="sm" mb="sm">
            Add this line to the &lt;head&gt; of every page of the site. We also e-mailed it to your team.
          </Text>
          <Stack gap="sm">
            {result.tag.map((t) => (
              <Stack key={t.siteId} gap={4}>
                <Text size="sm" fw={500}>
                  {siteName(t.siteId)}
                </Text>
                <Group wrap="nowrap" align="flex-start">
                  <Code block style={{ flex: 1 }}>
                    {t.snippet}
                  </Code>
                  <CopyValueButton value={t.snippet} label={`Copy the tag of ${siteName(t.siteId)}`} size="xs" variant="light" />
                </Group>
              </Stack>
            ))}
          </Stack>
        </Card>
      )}
      {result && result.alreadyActive.length > 0 && (
        <Alert color="blue">Already active or pending: {result.alreadyActive.map(siteName).join(', ')}.</Alert>
      )}
    </Stack>
  );
}
