import { useState } from 'react';
import { Badge, Button, Group, Menu, Stack, Table, Text, TextInput } from '@mantine/core';
import { adminUsersEndpoints as endpoints, USER_DELETION_EFFECTS, type AdminUserPatch, type RegisteredUser } from '@pc/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { call } from '../../../lib/endpoints';
import { addToast } from '../../../lib/toast';
import { useUsersAdmin } from '../api/admin-api';
import { UserAccessForm } from './user-access-form';
import { formatDateTime, formatDay } from '../../../lib/format/number-format';

const when = (s: number | null) => (s ? formatDateTime(s * 1000) : 'Never');
/** Enrolment is a day (seconds since epoch): its UTC day, written as every day of the product is. */
const enrolled = (s: number) => formatDay(new Date(s * 1000).toISOString().slice(0, 10));
const scopeLabel = (u: RegisteredUser) => (u.publisherScope === 'ALL' ? 'All partners (staff)' : u.publisherScope.split(',').join(', '));

const COLUMNS: DataColumn[] = [
  { key: 'user', header: 'User' },
  { key: 'partners', header: 'Partners' },
  { key: 'status', header: 'Status' },
  { key: 'enrolled', header: 'Enrolled' },
  { key: 'lastSignIn', header: 'Last sign-in' },
];
const EDIT_COLUMNS: DataColumn[] = [...COLUMNS, { key: 'actions', header: '', label: 'Actions' }];

/** Registered users: search and partner filter for staff; access, status, reset mail and delete for admins. */
export function UsersTab({ canEdit }: { canEdit: boolean }) {
  const [search, setSearch] = useState('');
  const [partner, setPartner] = useState('');
  const [editing, setEditing] = useState<RegisteredUser | null>(null);
  const [deleting, setDeleting] = useState<RegisteredUser | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, error, isLoading, mutate } = useUsersAdmin(search.trim(), partner.trim());

  const act = async (done: string, send: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await send();
      addToast('success', done);
      await mutate();
      return true;
    } catch (e) {
      addToast('error', (e as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const patch = (u: RegisteredUser, body: AdminUserPatch, done: string) =>
    act(done, () => call(endpoints.update, { params: { id: u.id }, body }, { publisherId: null }));

  return (
    <Stack>
      <Group>
        <TextInput
          aria-label="Search users"
          placeholder="Search by name or e-mail"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={280}
        />
        <TextInput
          aria-label="Partner id filter"
          placeholder="Partner id"
          value={partner}
          onChange={(e) => setPartner(e.currentTarget.value)}
          w={160}
        />
      </Group>
      {editing && (
        <UserAccessForm
          user={editing}
          onDone={() => {
            setEditing(null);
            void mutate();
          }}
        />
      )}
      {error && <LoadErrorAlert title="The users could not be loaded" message={error.message} onRetry={() => void mutate()} />}
      {(data || !error) && (
        <DataTable
          label="Users"
          columns={canEdit ? EDIT_COLUMNS : COLUMNS}
          minWidth={560}
          striped
          loading={isLoading || !data}
          rowCount={data?.length}
          empty={<EmptyState title="No user matches">Try another name, e-mail or partner id, or clear the filters.</EmptyState>}
        >
          {data?.map((u) => (
            <Table.Tr key={u.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {`${u.first_name} ${u.last_name}`.trim() || '—'}
                </Text>
                <Text size="xs" c="dimmed">
                  {u.email}
                </Text>
              </Table.Td>
              <Table.Td>
                {scopeLabel(u)} {u.adminAccess && <Badge size="xs">admin</Badge>}
              </Table.Td>
              <Table.Td>{u.disabled ? <Badge color="gray">Disabled</Badge> : <Badge color="green">Active</Badge>}</Table.Td>
              <Table.Td>{enrolled(u.enrollment_date)}</Table.Td>
              <Table.Td>{when(u.lastSignIn)}</Table.Td>
              {canEdit && (
                <Table.Td>
                  <Menu position="bottom-end">
                    <Menu.Target>
                      <Button size="xs" variant="light" aria-label={`Actions for ${u.email}`}>
                        Actions
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => setEditing(u)}>Edit access</Menu.Item>
                      <Menu.Item
                        onClick={() =>
                          void patch(
                            u,
                            { disabled: !u.disabled },
                            u.disabled ? `${u.email} enabled.` : `${u.email} disabled; their sessions ended.`,
                          )
                        }
                      >
                        {u.disabled ? 'Enable' : 'Disable'}
                      </Menu.Item>
                      <Menu.Item
                        disabled={u.disabled}
                        onClick={() =>
                          void act(`Password-reset e-mail sent to ${u.email}.`, () =>
                            call(endpoints.passwordReset, { params: { id: u.id } }, { publisherId: null }),
                          )
                        }
                      >
                        Send password reset
                      </Menu.Item>
                      <Menu.Item color="red" onClick={() => setDeleting(u)}>
                        Delete
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete ${deleting?.email ?? ''}?`}
        confirmLabel="Delete user"
        danger
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          void act(`${deleting.email} deleted.`, () => call(endpoints.remove, { params: { id: deleting.id } }, { publisherId: null })).then(
            () => setDeleting(null),
          )
        }
      >
        {USER_DELETION_EFFECTS} This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}
