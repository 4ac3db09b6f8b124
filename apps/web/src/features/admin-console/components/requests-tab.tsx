import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import {
  plansEndpoints,
  serviceById,
  servicesEndpoints,
  type PlanChangeRequest,
  type ServiceRequest,
  type StaffDecisionStatus,
} from '@pc/contracts';
import { call } from '../../../lib/endpoints';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { usePlanRequests, useServiceRequests } from '../api/admin-api';
import { DecisionDialog, type PendingDecision } from './decision-dialog';
import { formatDateTime } from '../../../lib/format/number-format';

const COLORS: Record<StaffDecisionStatus, string> = { pending: 'blue', approved: 'green', rejected: 'red' };
const when = (iso: string) => formatDateTime(iso);

function Status({ status, reason }: { status: StaffDecisionStatus; reason: string }) {
  return (
    <Stack gap={2}>
      <Badge color={COLORS[status]} variant="light">
        {status === 'pending' ? 'Waiting' : status === 'approved' ? 'Approved' : 'Rejected'}
      </Badge>
      {reason && (
        <Text size="xs" c="dimmed">
          {reason}
        </Text>
      )}
    </Stack>
  );
}

function Actions({ label, onDecide }: { label: string; onDecide: (d: 'approve' | 'reject') => void }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" color="green" variant="light" aria-label={`Approve ${label}`} onClick={() => onDecide('approve')}>
        Approve
      </Button>
      <Button size="xs" color="red" variant="light" aria-label={`Reject ${label}`} onClick={() => onDecide('reject')}>
        Reject
      </Button>
    </Group>
  );
}

function Queue<T>(p: {
  title: string;
  data: T[] | undefined;
  error: Error | undefined;
  isLoading: boolean;
  retry: () => void;
  empty: string;
  head: string[];
  row: (item: T) => ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Title order={3}>{p.title}</Title>
      {p.error ? (
        <LoadErrorAlert title={`${p.title} could not be loaded`} message={p.error.message} onRetry={p.retry} />
      ) : (
        <DataTable
          label={p.title}
          columns={p.head.map((h) => ({ key: h, header: h, label: h ? undefined : 'Actions' }))}
          minWidth={720}
          striped
          loading={p.isLoading || !p.data}
          rowCount={p.data?.length}
          empty={<EmptyState title="Nothing to decide">{p.empty}</EmptyState>}
        >
          {p.data?.map(p.row)}
        </DataTable>
      )}
    </Stack>
  );
}

const serviceWhat = (r: ServiceRequest) =>
  r.kind === 'product_demo'
    ? `Product demo${r.serviceId ? ` of ${serviceById(r.serviceId)?.name ?? r.serviceId}` : ''}`
    : `Data source: ${r.dataSource}`;

/**
 * Staff queues: plan changes publishers asked for and their product-demo and data-source
 * requests. Each is approved or rejected with a reason the publisher receives; the API audits the
 * decision and queues the e-mail in the same transaction.
 */
/** One request of either queue: who asked for what, when, its status and (while pending) the decision buttons. */
function RequestRow(props: {
  id: string;
  publisherName: string;
  what: string;
  subject: string;
  message: string;
  requestedBy: string;
  requestedAt: string;
  status: StaffDecisionStatus;
  decisionReason: string;
  onDecide: (decision: 'approve' | 'reject', subject: string) => void;
}) {
  return (
    <Table.Tr data-request={props.id}>
      <Table.Td>{props.publisherName}</Table.Td>
      <Table.Td>{props.what}</Table.Td>
      <Table.Td>
        <Text size="sm">{props.message || '—'}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{props.requestedBy || 'Unknown user'}</Text>
        <Text size="xs" c="dimmed">
          {when(props.requestedAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Status status={props.status} reason={props.decisionReason} />
      </Table.Td>
      <Table.Td>
        {props.status === 'pending' && <Actions label={props.subject} onDecide={(d) => props.onDecide(d, props.subject)} />}
      </Table.Td>
    </Table.Tr>
  );
}

export function RequestsTab() {
  const [pendingOnly, setPendingOnly] = useState(true);
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const plans = usePlanRequests(pendingOnly);
  const services = useServiceRequests(pendingOnly);
  const refresh = () => void Promise.all([plans.mutate(), services.mutate()]);
  return (
    <Stack gap="lg">
      <SegmentedControl
        w="fit-content"
        aria-label="Which requests"
        value={pendingOnly ? 'pending' : 'all'}
        onChange={(v) => setPendingOnly(v === 'pending')}
        data={[
          { value: 'pending', label: 'Waiting for a decision' },
          { value: 'all', label: 'All, with decisions' },
        ]}
      />
      <Queue<PlanChangeRequest>
        title="Plan changes"
        {...plans}
        retry={() => void plans.mutate()}
        empty="When a publisher asks for another plan on My plans, the request waits here for approval."
        head={['Publisher', 'Plan asked for', 'Message', 'Asked by', 'Status', '']}
        row={(r) => (
          <RequestRow
            key={r.id}
            id={r.id}
            publisherName={r.publisherName}
            what={r.planName}
            subject={`${r.publisherName}: move to ${r.planName}`}
            message={r.message}
            requestedBy={r.requestedBy}
            requestedAt={r.requestedAt}
            status={r.status}
            decisionReason={r.decisionReason}
            onDecide={(decision, subject) =>
              setPending({
                decision,
                subject,
                send: (reason) =>
                  call(plansEndpoints.decideRequest, { params: { id: r.id, decision }, body: { reason } }, { publisherId: null }),
              })
            }
          />
        )}
      />
      <Queue<ServiceRequest>
        title="Service requests"
        {...services}
        retry={() => void services.mutate()}
        empty="Product demo and data-source requests from the Services pages wait here."
        head={['Publisher', 'Request', 'Message', 'Asked by', 'Status', '']}
        row={(r) => (
          <RequestRow
            key={r.id}
            id={r.id}
            publisherName={r.publisherName}
            what={serviceWhat(r)}
            subject={`${r.publisherName}: ${serviceWhat(r)}`}
            message={r.message}
            requestedBy={r.requestedBy}
            requestedAt={r.createdAt}
            status={r.status}
            decisionReason={r.decisionReason}
            onDecide={(decision, subject) =>
              setPending({
                decision,
                subject,
                send: (reason) =>
                  call(servicesEndpoints.decideRequest, { params: { id: r.id, decision }, body: { reason } }, { publisherId: null }),
              })
            }
          />
        )}
      />
      <DecisionDialog pending={pending} onClose={() => setPending(null)} onDone={refresh} />
    </Stack>
  );
}
