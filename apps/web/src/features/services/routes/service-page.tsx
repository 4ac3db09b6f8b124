import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button, Card, Group, List, SimpleGrid, Stack, Table, Title } from '@mantine/core';
import { Routes, serviceById, type ServiceDetail } from '@pc/contracts';
import { DataTable } from '../../../components/ui/data-table';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { NotFoundPage } from '../../../components/ui/not-found-page';
import { PageHeader } from '../../../components/ui/page-header';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { formatDateTime } from '../components/format';
import { useServiceDetail } from '../api/services-api';
import { LoadingCard } from '../../../components/ui/loading-card';
import { RequestDialog } from '../components/request-dialog';
import { PlanStatusBadge, ProductStatusBadge } from '../components/status-badges';

/** /services/:id: what the service does, what it needs and its state on each site. */
export function ServicePage() {
  const publisherId = useChosenPublisherId();
  const { id = '' } = useParams();
  if (!serviceById(id)) return <NotFoundPage />;
  if (!publisherId) return null;
  return <Service publisherId={publisherId} serviceId={id} />;
}

function Service({ publisherId, serviceId }: { publisherId: string; serviceId: string }) {
  const { data, error, isLoading, mutate } = useServiceDetail(publisherId, serviceId);
  const [request, setRequest] = useState<'product_demo' | 'data_source' | null>(null);
  const def = serviceById(serviceId)!;
  return (
    <Stack gap="lg">
      <PageHeader
        title={def.name}
        purpose={def.summary}
        action={
          <Group gap="xs">
            <Button variant="default" onClick={() => setRequest('product_demo')}>
              Request a demo
            </Button>
            {def.id === 'data-integration' && (
              <Button variant="default" onClick={() => setRequest('data_source')}>
                Request a data source
              </Button>
            )}
            <Button component={Link} to={Routes.serviceActivation(def.id)}>
              {def.id === 'data-integration' ? 'Start a data integration' : 'Activate'}
            </Button>
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={2} size="h5" mb="xs">
            What it does
          </Title>
          <List size="sm">
            {def.whatItDoes.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        </Card>
        <Card withBorder>
          <Title order={2} size="h5" mb="xs">
            What it needs
          </Title>
          <List size="sm">
            {def.needs.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        </Card>
      </SimpleGrid>
      {error ? (
        <LoadErrorAlert title="The service state could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : isLoading || !data ? (
        <LoadingCard label="Loading the service's sites" />
      ) : (
        <SiteStates data={data} />
      )}
      {request && <RequestDialog publisherId={publisherId} kind={request} serviceId={def.id} opened onClose={() => setRequest(null)} />}
    </Stack>
  );
}

function SiteStates({ data }: { data: ServiceDetail }) {
  return (
    <Card>
      <Title order={2} size="h5" mb="sm">
        On your sites
      </Title>
      <DataTable
        label={`${data.service.name} on your sites`}
        columns={[
          { key: 'site', header: 'Site' },
          { key: 'service', header: data.service.name },
          { key: 'since', header: 'Since' },
          { key: 'planStatus', header: 'Plan status' },
          { key: 'siteTag', header: 'Site tag' },
          { key: 'tagData', header: 'Tag data received' },
        ]}
        minWidth={640}
        rowCount={data.sites.length}
        empty="You have no active site yet."
      >
        {data.sites.map((s) => (
          <Table.Tr key={s.siteId} data-site={s.siteId}>
            <Table.Td>{s.siteName}</Table.Td>
            <Table.Td>
              <ProductStatusBadge status={s.service.status} />
            </Table.Td>
            <Table.Td>{formatDateTime(s.service.activatedAt ?? s.service.requestedAt)}</Table.Td>
            <Table.Td>
              <PlanStatusBadge status={s.planStatus} />
            </Table.Td>
            <Table.Td>
              <ProductStatusBadge status={s.product.status} />
            </Table.Td>
            <Table.Td>{s.product.eventTrackerDataReceived ? 'Yes' : 'Not yet'}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Card>
  );
}
