import { useState } from 'react';
import { Badge, Button, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { invitationsEndpoints, type Invitation, type InvitationStatus } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { call } from '../../../lib/endpoints';
import { addToast } from '../../../lib/toast';
import { useInvitations } from '../api/admin-api';
import { InvitationForm } from './invitation-form';
import { formatDateTime } from '../../../lib/format/number-format';

const COLORS: Record<Invitation['status'], string> = { pending: 'blue', accepted: 'green', expired: 'orange', revoked: 'gray' };

const COLUMNS: DataColumn[] = [
  { key: 'email', header: 'E-mail' },
  { key: 'partners', header: 'Partners' },
  { key: 'status', header: 'Status' },
  { key: 'expires', header: 'Expires' },
  { key: 'invitedBy', header: 'Invited by' },
  { key: 'actions', header: '', label: 'Actions' },
];

/** Invitations: create (one or from CSV), follow their state, resend or revoke pending ones. */
export function InvitationsTab() {
  const [status, setStatus] = useState<InvitationStatus | ''>('');
  const { data, error, isLoading, mutate } = useInvitations(status);
  const act = async (inv: Invitation, what: 'resend' | 'revoke') => {
    try {
      await call(invitationsEndpoints[what], { params: { id: inv.id } }, { publisherId: null });
      addToast(
        'success',
        what === 'resend' ? `A new link was e-mailed to ${inv.email}; the old one no longer works.` : `Invitation of ${inv.email} revoked.`,
      );
      await mutate();
    } catch (e) {
      addToast('error', (e as Error).message);
    }
  };
  return (
    <Stack>
      <InvitationForm onDone={() => void mutate()} />
      <SegmentedControl
        aria-label="Invitation status"
        value={status}
        onChange={(v) => setStatus(v as InvitationStatus | '')}
        data={[
          { value: '', label: 'All' },
          { value: 'pending', label: 'Pending' },
          { value: 'accepted', label: 'Accepted' },
          { value: 'expired', label: 'Expired' },
          { value: 'revoked', label: 'Revoked' },
        ]}
        w="fit-content"
      />
      {error && <LoadErrorAlert title="The invitations could not be loaded" message={error.message} onRetry={() => void mutate()} />}
      {(data || !error) && (
        <DataTable
          label="Invitations"
          columns={COLUMNS}
          minWidth={560}
          striped
          loading={isLoading || !data}
          rowCount={data?.length}
          empty={<EmptyState title="No invitations here">Invite someone above; their invitation shows here with its state.</EmptyState>}
        >
          {data?.map((inv) => (
            <Table.Tr key={inv.id}>
              <Table.Td>
                {inv.email} {inv.existingUser && <Badge size="xs">existing user</Badge>}
              </Table.Td>
              <Table.Td>
                {inv.publisherIds.join(', ')} {inv.adminAccess && <Badge size="xs">admin</Badge>}
              </Table.Td>
              <Table.Td>
                <Badge color={COLORS[inv.status]}>{inv.status}</Badge>
                {inv.status === 'pending' && !inv.sent && (
                  <Text size="xs" c="red">
                    E-mail not sent
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatDateTime(inv.expires)}</Table.Td>
              <Table.Td>{inv.invitedBy ?? '—'}</Table.Td>
              <Table.Td>
                {(inv.status === 'pending' || inv.status === 'expired') && (
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => void act(inv, 'resend')} aria-label={`Resend to ${inv.email}`}>
                      Resend
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => void act(inv, 'revoke')}
                      aria-label={`Revoke ${inv.email}`}
                    >
                      Revoke
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
