import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Card, Stack, Table, Text } from '@mantine/core';
import { Routes, type Plan } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-error';
import { useChosenPublisherId } from '../../../lib/chosen-publisher';
import { addToast } from '../../../lib/toast';
import { featureValue } from '../api/feature-label';
import { requestPlan, useMyPlan, usePlans } from '../api/plans-api';

/** A column per plan, headed by its name, its summary and whether it is the partner's. */
function planColumns(plans: Plan[], current: string | undefined): DataColumn[] {
  return [
    { key: 'feature', header: 'Feature' },
    ...plans.map((p) => ({
      key: p.id,
      header: (
        <>
          {p.name} {p.id === current && <Badge ml={4}>Your plan</Badge>}
          <Text size="xs" c="dimmed" fw={400}>
            {p.summary}
          </Text>
        </>
      ),
    })),
  ];
}

/** /plans: the plans side by side, each feature a feature-flag value. */
export function PlansPage() {
  const publisherId = useChosenPublisherId();
  const plans = usePlans();
  const mine = useMyPlan(publisherId);
  const [busy, setBusy] = useState<string | null>(null);
  // A plan change is sent only once confirmed: it changes the publisher's limits once approved.
  // The plan stays named while the dialog fades out; `open` alone closes it.
  const [confirming, setConfirming] = useState<{ plan: Plan | null; open: boolean }>({ plan: null, open: false });
  const close = () => setConfirming((c) => ({ ...c, open: false }));
  const current = mine.data?.plan.id;
  const pending = mine.data?.pendingRequest;
  const ask = async (planId: string) => {
    if (!publisherId) return;
    setBusy(planId);
    try {
      await requestPlan(publisherId, planId);
      addToast('success', 'Plan change requested: our team approves it shortly.');
      await mine.mutate();
    } catch (e) {
      addToast('error', errorMessage(e));
    } finally {
      setBusy(null);
      close();
    }
  };
  const data = plans.data;
  const keys = data ? [...new Map(data.flatMap((p) => p.features).map((f) => [f.key, f.description])).entries()] : [];
  return (
    <Stack gap="lg">
      <PageHeader
        title="Plans"
        purpose="Compare what each plan includes. A change is a request our team approves; it applies at once."
        action={
          <Button component={Link} to={Routes.myPlans} variant="default">
            My plan
          </Button>
        }
      />
      {plans.error ? (
        <LoadErrorAlert title="The plans could not be loaded" message={plans.error.message} onRetry={() => void plans.mutate()} />
      ) : !data ? (
        <Card role="region" aria-busy="true" aria-label="Loading plans">
          <Text size="sm">Loading plans…</Text>
        </Card>
      ) : (
        <Card>
          <DataTable label="Plans compared" columns={planColumns(data, current)} minWidth={640} striped>
            {keys.map(([key, description]) => (
              <Table.Tr key={key}>
                <Table.Td>{description}</Table.Td>
                {data.map((p) => {
                  const f = p.features.find((x) => x.key === key);
                  return <Table.Td key={p.id}>{f ? featureValue(f) : '—'}</Table.Td>;
                })}
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td />
              {data.map((p) => (
                <Table.Td key={p.id}>
                  {p.id === current ? (
                    <Text size="sm" c="dimmed">
                      Current plan
                    </Text>
                  ) : pending?.planId === p.id ? (
                    <Badge color="yellow">Requested</Badge>
                  ) : (
                    <Button
                      size="xs"
                      loading={busy === p.id}
                      disabled={!!pending || !publisherId}
                      onClick={() => setConfirming({ plan: p, open: true })}
                    >
                      Request {p.name}
                    </Button>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          </DataTable>
        </Card>
      )}
      <ConfirmDialog
        opened={confirming.open}
        title={`Request the ${confirming.plan?.name ?? ''} plan?`}
        confirmLabel="Send request"
        busy={busy !== null}
        onConfirm={() => confirming.plan && void ask(confirming.plan.id)}
        onCancel={close}
      >
        Our team is asked to move you from {mine.data?.plan.name ?? 'your plan'} to {confirming.plan?.name}. Once they approve it, it
        applies at once.
      </ConfirmDialog>
    </Stack>
  );
}
