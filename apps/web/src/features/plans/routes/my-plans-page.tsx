import { Link } from 'react-router';
import { Alert, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Routes } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { useMyPlan } from '../api/plans-api';

const SITE_PLAN_COLUMNS: DataColumn[] = [
  { key: 'site', header: 'Site' },
  { key: 'plan', header: 'Plan' },
];

/** /my-plans: the publisher's plan per site, usage against each limit and how to upgrade. */
export function MyPlansPage() {
  const publisherId = useChosenPublisherId();
  if (!publisherId) return null;
  return <MyPlans publisherId={publisherId} />;
}

function MyPlans({ publisherId }: { publisherId: string }) {
  const { data, error, mutate } = useMyPlan(publisherId);
  return (
    <Stack gap="lg">
      <PageHeader
        title="My plan"
        purpose="Your plan, what you use of each limit, and how to get more."
        action={
          <Button component={Link} to={Routes.plans}>
            Compare plans
          </Button>
        }
      />
      {error ? (
        <LoadErrorAlert title="Your plan could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : !data ? (
        <Card role="region" aria-busy="true" aria-label="Loading your plan">
          <Text size="sm">Loading your plan…</Text>
        </Card>
      ) : (
        <>
          <Card>
            <Group justify="space-between">
              <div>
                <Title order={2} size="h4">
                  {data.plan.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {data.plan.summary} {data.chosen ? '' : '(the plan every publisher starts on)'}
                </Text>
              </div>
            </Group>
            {data.pendingRequest && (
              <Alert color="yellow" mt="sm">
                You asked to move to {data.pendingRequest.planName}; our team approves it shortly and it applies at once.
              </Alert>
            )}
          </Card>
          <section aria-labelledby="usage-title">
            <Title order={2} size="h5" id="usage-title" mb="sm">
              Usage against your limits
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
              {data.usage.map((u) => (
                <Card key={u.key} withBorder data-usage={u.key}>
                  <Text size="sm" fw={500}>
                    {u.label}
                  </Text>
                  {u.used === null ? (
                    <Text size="xl" fw={700}>
                      {u.limit}
                    </Text>
                  ) : (
                    <>
                      <Text size="xl" fw={700}>
                        {u.used} / {u.limit}
                      </Text>
                      <Progress
                        value={u.limit > 0 ? Math.min(100, (u.used / u.limit) * 100) : 100}
                        color={u.used >= u.limit ? 'red' : 'blue'}
                        aria-label={`${u.label}: ${u.used} of ${u.limit}`}
                      />
                      {u.used >= u.limit && (
                        <Text size="xs" c="red" mt={4}>
                          Limit reached: request a larger plan to add more.
                        </Text>
                      )}
                    </>
                  )}
                </Card>
              ))}
            </SimpleGrid>
          </section>
          <Card>
            <Title order={2} size="h5" mb="sm">
              Plan per site
            </Title>
            <DataTable label="Plan per site" columns={SITE_PLAN_COLUMNS} minWidth={320}>
              {data.sites.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    {s.name}{' '}
                    <Text span size="xs" c="dimmed">
                      {s.domain}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light">{data.plan.name}</Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          </Card>
        </>
      )}
    </Stack>
  );
}
