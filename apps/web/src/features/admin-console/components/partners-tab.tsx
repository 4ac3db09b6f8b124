import { useState } from 'react';
import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useSWRConfig } from 'swr';
import { adminPartnersEndpoints } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { usePartnersAdmin } from '../api/admin-api';
import { endpointKey } from '../../../lib/endpoints';
import { NewPartnerForm } from './new-partner-form';
import { PartnerDetailsForm } from './partner-details-form';
import { PartnerSites } from './partner-sites';
import { useReturnFocus } from './return-focus';
import { SignInAsDialog } from './sign-in-as-dialog';
import type { AdminPartner } from '@pc/contracts';

const COLUMNS: DataColumn[] = [
  { key: 'partner', header: 'Partner' },
  { key: 'id', header: 'Id' },
  { key: 'currency', header: 'Currency' },
  { key: 'sites', header: 'Sites (active)' },
  { key: 'actions', header: '', label: 'Actions' },
];

/** Partners: search, create and edit (admins), and each partner's sites. */
export function PartnersTab({ canEdit }: { canEdit: boolean }) {
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminPartner | null>(null);
  const { mutate: mutateKey } = useSWRConfig();
  const focus = useReturnFocus();
  const [open, setOpen] = useState<string | null>(null);
  const [signInAs, setSignInAs] = useState<AdminPartner | null>(null);
  const { data, error, isLoading, mutate } = usePartnersAdmin(search.trim());
  return (
    <Stack>
      <Group justify="space-between">
        <TextInput
          aria-label="Search partners"
          placeholder="Search by name, company or id"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={320}
        />
        {canEdit && !creating && (
          <Button
            onClick={() => {
              setEditing(null);
              setCreating(true);
            }}
          >
            New partner
          </Button>
        )}
      </Group>
      {creating && (
        <NewPartnerForm
          onDone={(id) => {
            setCreating(false);
            if (id) setOpen(id);
            void mutate();
          }}
        />
      )}
      {canEdit && editing && (
        <PartnerDetailsForm
          key={editing.id}
          partner={editing}
          onDone={(saved) => {
            setEditing(null);
            focus.restore();
            if (!saved) return;
            // The open sites panel heads with the partner's name: it shows the saved one at once.
            void mutateKey(endpointKey(adminPartnersEndpoints.get, null, { params: { id: saved.id } }), saved, { revalidate: false });
            void mutate();
          }}
        />
      )}
      {error && <LoadErrorAlert title="The partners could not be loaded" message={error.message} onRetry={() => void mutate()} />}
      {(data || !error) && (
        <DataTable
          label="Partners"
          columns={COLUMNS}
          minWidth={560}
          striped
          loading={isLoading || !data}
          rowCount={data?.length}
          empty={<EmptyState title="No partner matches">Try another name or id, or clear the search.</EmptyState>}
        >
          {data?.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {p.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.company}
                </Text>
              </Table.Td>
              <Table.Td>{p.id}</Table.Td>
              <Table.Td>{p.currency}</Table.Td>
              <Table.Td>
                {p.sites} ({p.activeSites})
              </Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" onClick={() => setOpen(open === p.id ? null : p.id)} aria-expanded={open === p.id}>
                  Sites of {p.name}
                </Button>
                {canEdit && (
                  <Button
                    size="xs"
                    variant="subtle"
                    ml="xs"
                    onClick={(e) => {
                      focus.remember(e.currentTarget);
                      setCreating(false);
                      setEditing(p);
                    }}
                    aria-label={`Edit ${p.name}`}
                  >
                    Edit
                  </Button>
                )}
                {canEdit && (
                  <Button size="xs" variant="subtle" ml="xs" onClick={() => setSignInAs(p)} aria-label={`Sign in as ${p.name}`}>
                    Sign in as
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <SignInAsDialog partner={signInAs} onClose={() => setSignInAs(null)} />
      {open && <PartnerSites publisherId={open} canEdit={canEdit} onChanged={() => void mutate()} />}
    </Stack>
  );
}
