import { useState } from 'react';
import { Badge, Button, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { DomainClaimDecisionSchema, type StaffDomainClaim } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { decideDomainClaim, useDomainClaims } from '../api/domain-claims-api';
import { ReasonDialog, type ReasonDecision } from './reason-dialog';
import { formatDateTime } from '../../../lib/format/number-format';

interface Pending {
  claim: StaffDomainClaim;
  decision: 'approve' | 'reject';
}

const METHOD: Record<string, string> = {
  first_claim: 'first claim, unproven',
  site_owner: 'its site',
  hosted_file: 'token in its file',
  dns_txt: 'DNS TXT record',
  staff: 'staff decision',
};
const when = (iso: string) => formatDateTime(iso);

const COLUMNS: DataColumn[] = [
  { key: 'domain', header: 'Domain' },
  { key: 'claimedBy', header: 'Claimed by' },
  { key: 'status', header: 'Status' },
  { key: 'siteOf', header: 'Site of' },
  { key: 'servedFor', header: 'Served for' },
  { key: 'claimed', header: 'Claimed' },
  { key: 'actions', header: '', label: 'Actions' },
];

/** Approve or reject one claim; the reason is required, audited and shown to the partner. */
function claimDecision({ claim, decision }: Pending): ReasonDecision {
  const reject = decision === 'reject';
  return {
    reject,
    title: reject ? 'Reject the claim' : 'Approve the claim',
    subject: `${claim.publisherName} claims ${claim.domain}. ${
      reject
        ? 'Nothing is served for a rejected claim.'
        : 'Approving makes it the domain’s served app-ads.txt; the current holder, if any, must prove the domain again.'
    }`,
    reasonLabel: 'Reason',
    reasonHint: 'Kept in the audit log and shown to the partner.',
    reasonRequired: true,
    confirmLabel: reject ? 'Reject claim' : 'Approve claim',
    parse: (reason) => {
      const parsed = DomainClaimDecisionSchema.safeParse({ reason });
      return parsed.success ? parsed.data : { error: parsed.error.issues[0]?.message ?? 'Check the reason.' };
    },
    decide: async (reason) => void (await decideDomainClaim(claim.claimId, decision, reason)),
    done: `${reject ? 'Rejected' : 'Approved'}: ${claim.publisherName}'s claim of ${claim.domain}.`,
  };
}

function ClaimRow({ c, onDecide }: { c: StaffDomainClaim; onDecide: (d: 'approve' | 'reject') => void }) {
  const label = `${c.publisherName}'s claim of ${c.domain}`;
  return (
    <Table.Tr data-claim={c.claimId}>
      <Table.Td>{c.domain}</Table.Td>
      <Table.Td>{c.publisherName}</Table.Td>
      <Table.Td>
        <Badge color={c.status === 'active' ? 'orange' : c.status === 'rejected' ? 'red' : 'yellow'} variant="light">
          {c.status === 'active' ? 'Served, on another partner’s site' : c.status === 'rejected' ? 'Rejected' : 'Waiting for proof'}
        </Badge>
        {c.note && (
          <Text size="xs" c="dimmed">
            {c.note}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{c.siteOwners.map((o) => o.publisherName).join(', ') || '—'}</Table.Td>
      <Table.Td>{c.holder ? `${c.holder.publisherName} (${METHOD[c.holder.method ?? 'first_claim']})` : '—'}</Table.Td>
      <Table.Td>
        <Text size="xs">{when(c.requestedAt)}</Text>
        {c.checkedAt && (
          <Text size="xs" c="dimmed">
            Last checked {when(c.checkedAt)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {c.status !== 'active' && (
            <Button size="xs" color="green" variant="light" aria-label={`Approve ${label}`} onClick={() => onDecide('approve')}>
              Approve
            </Button>
          )}
          {c.status !== 'rejected' && (
            <Button size="xs" color="red" variant="light" aria-label={`Reject ${label}`} onClick={() => onDecide('reject')}>
              Reject
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * App developer domain claims that wait for proof, or that are served on another partner's site
 * domain: staff approve or reject them with a reason (the API audits each decision).
 */
export function DomainClaimsTab() {
  const [status, setStatus] = useState<'pending' | 'rejected'>('pending');
  const [pending, setPending] = useState<Pending | null>(null);
  const { data, error, isLoading, mutate } = useDomainClaims(status);
  return (
    <Stack gap="md">
      <SegmentedControl
        w="fit-content"
        aria-label="Which claims"
        value={status}
        onChange={(v) => setStatus(v as 'pending' | 'rejected')}
        data={[
          { value: 'pending', label: 'Waiting or clashing' },
          { value: 'rejected', label: 'Rejected' },
        ]}
      />
      {error ? (
        <LoadErrorAlert title="The domain claims could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : (
        <DataTable
          label="App domain claims"
          columns={COLUMNS}
          minWidth={900}
          striped
          loading={isLoading || !data}
          rowCount={data?.length}
          empty={
            <EmptyState title="Nothing to decide">
              When a partner claims an app domain that is another partner&apos;s site or already claimed, the claim waits here until it is
              proven or decided.
            </EmptyState>
          }
        >
          {data?.map((c) => (
            <ClaimRow key={c.claimId} c={c} onDecide={(decision) => setPending({ claim: c, decision })} />
          ))}
        </DataTable>
      )}
      <ReasonDialog decision={pending && claimDecision(pending)} onClose={() => setPending(null)} onDone={() => void mutate()} />
    </Stack>
  );
}
