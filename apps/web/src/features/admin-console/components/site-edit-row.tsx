import { useState, type FormEvent } from 'react';
import { Button, Group, Table, TextInput } from '@mantine/core';
import { adminPartnersEndpoints, AdminSitePatchSchema, type Site } from '@pc/contracts';
import { call } from '../../../lib/endpoints';
import { addToast } from '../../../lib/toast';
import { issueFields } from '../../../lib/forms';
import { serverFields, useFieldErrors } from './field-errors';

/**
 * One site's name and domain as inputs, in place of its row. A table row cannot hold a form, so
 * the inputs belong to a form in the row's last cell (`form` attribute); Enter in either saves.
 */
export function SiteEditRow({ publisherId, site, onDone }: { publisherId: string; site: Site; onDone: (saved: Site | null) => void }) {
  const [name, setName] = useState(site.name);
  const [domain, setDomain] = useState(site.domain);
  const { errors, setErrors, formRef, fail } = useFieldErrors();
  const [saving, setSaving] = useState(false);
  const formId = `site-edit-${site.id}`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const changed: Record<string, string> = {};
    if (name.trim() !== site.name) changed.name = name;
    if (domain.trim().toLowerCase() !== site.domain) changed.domain = domain;
    const parsed = AdminSitePatchSchema.safeParse(changed);
    if (!parsed.success) return fail(issueFields(parsed.error));
    if (Object.keys(parsed.data).length === 0) return onDone(null);
    setSaving(true);
    try {
      const saved = await call(
        adminPartnersEndpoints.updateSite,
        { params: { id: publisherId, siteId: site.id }, body: parsed.data },
        { publisherId: null },
      );
      addToast('success', `Site ${saved.name} (${saved.domain}) saved.`);
      onDone(saved);
    } catch (err) {
      fail(serverFields(err, ['name', 'domain']));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Table.Tr>
      <Table.Td>
        <TextInput
          form={formId}
          name="name"
          aria-label={`Name of site ${site.name}`}
          autoFocus
          autoComplete="off"
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setErrors((prev) => ({ ...prev, name: '' }));
          }}
          error={errors.name}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          form={formId}
          name="domain"
          aria-label={`Domain of site ${site.name}`}
          autoComplete="off"
          value={domain}
          onChange={(e) => {
            setDomain(e.currentTarget.value);
            setErrors((prev) => ({ ...prev, domain: '' }));
          }}
          error={errors.domain}
        />
      </Table.Td>
      <Table.Td colSpan={3}>
        <form id={formId} ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-label={`Edit site ${site.name}`}>
          <Group gap="xs">
            <Button type="submit" size="xs" loading={saving}>
              Save site
            </Button>
            <Button type="button" size="xs" variant="subtle" onClick={() => onDone(null)}>
              Cancel
            </Button>
          </Group>
        </form>
      </Table.Td>
    </Table.Tr>
  );
}
