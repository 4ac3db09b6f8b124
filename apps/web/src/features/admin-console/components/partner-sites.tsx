import { useEffect, useRef, useState } from 'react';
import { Button, Group, Paper, Skeleton, Stack, Switch, Table, TextInput, Title } from '@mantine/core';
import { adminPartnersEndpoints, AdminSiteInputSchema, type Site } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { call } from '../../../lib/endpoints';
import { addToast } from '../../../lib/toast';
import { usePartnerAdmin } from '../api/admin-api';
import { SiteEditRow } from './site-edit-row';
import { issueFields } from '../../../lib/forms';

const COLUMNS: DataColumn[] = [
  { key: 'site', header: 'Site' },
  { key: 'domain', header: 'Domain' },
  { key: 'active', header: 'Active' },
  { key: 'organic', header: 'Organic recommendations' },
];
const EDIT_COLUMNS: DataColumn[] = [...COLUMNS, { key: 'actions', header: '', label: 'Actions' }];

/**
 * A partner's sites. Deactivating keeps the site and its history (reports, ads.txt); an ACTIVE
 * site with organic recommendations splits the partner's Reports menu in two (spec rule).
 */
export function PartnerSites({ publisherId, canEdit, onChanged }: { publisherId: string; canEdit: boolean; onChanged: () => void }) {
  const { data, error, mutate } = usePartnerAdmin(publisherId);
  const [name, setName] = useState('');
  const [domain, setDomain] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The site whose name and domain are being edited.
  const [editing, setEditing] = useState<string | null>(null);
  // The edit row replaces the site's row, Edit button included: closing it focuses the new button.
  const tableRef = useRef<HTMLTableElement>(null);
  const returnTo = useRef<string | null>(null);
  useEffect(() => {
    const id = returnTo.current;
    if (editing !== null || id === null) return;
    returnTo.current = null;
    const buttons = tableRef.current?.querySelectorAll<HTMLElement>('[data-site-edit]') ?? [];
    Array.from(buttons)
      .find((b) => b.dataset.siteEdit === id)
      ?.focus();
  }, [editing]);
  const refresh = async () => {
    await mutate();
    onChanged();
  };
  const add = async () => {
    const parsed = AdminSiteInputSchema.safeParse({ name, domain });
    if (!parsed.success) return setErrors(issueFields(parsed.error));
    try {
      await call(adminPartnersEndpoints.addSite, { params: { id: publisherId }, body: parsed.data }, { publisherId: null });
      setName('');
      setDomain('');
      setErrors({});
      await refresh();
    } catch (e) {
      setErrors((e as { fields?: Record<string, string> }).fields ?? { domain: (e as Error).message });
    }
  };
  const patch = async (site: Site, change: Partial<Pick<Site, 'active' | 'taboola_organic'>>) => {
    try {
      await call(adminPartnersEndpoints.updateSite, { params: { id: publisherId, siteId: site.id }, body: change }, { publisherId: null });
      await refresh();
    } catch (e) {
      addToast('error', (e as Error).message);
    }
  };
  if (error) return <LoadErrorAlert title="The sites could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data) return <Skeleton h={120} />;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Sites of {data.name} ({data.id})
        </Title>
        <DataTable ref={tableRef} label={`Sites of ${data.name}`} columns={canEdit ? EDIT_COLUMNS : COLUMNS} minWidth={560}>
          {data.siteList.map((s) =>
            canEdit && editing === s.id ? (
              <SiteEditRow
                key={s.id}
                publisherId={publisherId}
                site={s}
                onDone={(saved) => {
                  returnTo.current = s.id;
                  setEditing(null);
                  if (saved) void refresh();
                }}
              />
            ) : (
              <Table.Tr key={s.id}>
                <Table.Td>{s.name}</Table.Td>
                <Table.Td>{s.domain}</Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`${s.name} active`}
                    checked={s.active}
                    disabled={!canEdit}
                    onChange={(e) => void patch(s, { active: e.currentTarget.checked })}
                  />
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`${s.name} organic recommendations`}
                    checked={s.taboola_organic}
                    disabled={!canEdit}
                    onChange={(e) => void patch(s, { taboola_organic: e.currentTarget.checked })}
                  />
                </Table.Td>
                {canEdit && (
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      data-site-edit={s.id}
                      onClick={() => setEditing(s.id)}
                      aria-label={`Edit site ${s.name}`}
                    >
                      Edit
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ),
          )}
        </DataTable>
        {canEdit && (
          <Group align="flex-start">
            <TextInput label="Site name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} />
            <TextInput
              label="Domain"
              placeholder="example.com"
              value={domain}
              onChange={(e) => setDomain(e.currentTarget.value)}
              error={errors.domain}
            />
            <Button mt={25} onClick={() => void add()}>
              Add site
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
