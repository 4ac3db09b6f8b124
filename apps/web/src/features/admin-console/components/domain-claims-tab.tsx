import { useState } from 'react';
import { Badge, Button, Group, Modal, SegmentedControl, Skeleton, Stack, Table, Text, Textarea } from '@mantine/core';
import { DomainClaimDecisionSchema, type StaffDomainClaim } from '@pc/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { ApiRequestError } from '../../../lib/api-error';
import { addToast } from '../../../lib/toast';
import { decideDomainClaim, useDomainClaims } from '../api/domain-claims-api';

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
const when = (iso: string) => new Date(iso).toLocaleString();

/** Approve or reject one claim; the reason is required, audited and shown to the partner. */
function ClaimDecisionDialog({ pending, onClose, onDone }: { pending: Pending | null; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reject = pending?.decision === 'reject';
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!pending) return;
    const parsed = DomainClaimDecisionSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the reason.');
    setBusy(true);
    try {
      await decideDomainClaim(pending.claim.claimId, pending.decision, parsed.data.reason);
      addToast('success', `${reject ? 'Rejected' : 'Approved'}: ${pending.claim.publisherName}'s claim of ${pending.claim.domain}.`);
      close();
      onDone();
    } catch (e) {
      if (e instanceof ApiRequestError && e.fields?.reason) setError(e.fields.reason);
      else addToast('error', (e as Error).message);
      if (e instanceof ApiRequestError && e.status === 409) {
        close();
        onDone();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={pending !== null} onClose={close} title={reject ? 'Reject the claim' : 'Approve the claim'}>
      <Stack>
        <Text size="sm">
          {pending?.claim.publisherName} claims {pending?.claim.domain}.{' '}
          {reject
            ? 'Nothing is served for a rejected claim.'
            : 'Approving makes it the domain’s served app-ads.txt; the current holder, if any, must prove the domain again.'}
        </Text>
        <Textarea
          label="Reason"
          description="Kept in the audit log and shown to the partner."
          required
          rows={3}
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color={reject ? 'red' : 'green'} loading={busy} onClick={() => void submit()}>
            {reject ? 'Reject claim' : 'Approve claim'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
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
      ) : isLoading || !data ? (
        <Skeleton h={120} />
      ) : data.length === 0 ? (
        <EmptyState title="Nothing to decide">
          When a partner claims an app domain that is another partner&apos;s site or already claimed, the claim waits here until it is
          proven or decided.
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped aria-label="App domain claims">
            <Table.Thead>
              <Table.Tr>
                {['Domain', 'Claimed by', 'Status', 'Site of', 'Served for', 'Claimed', ''].map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((c) => (
                <ClaimRow key={c.claimId} c={c} onDecide={(decision) => setPending({ claim: c, decision })} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ClaimDecisionDialog pending={pending} onClose={() => setPending(null)} onDone={() => void mutate()} />
    </Stack>
  );
}
