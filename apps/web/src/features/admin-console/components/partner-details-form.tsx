import { useState, type FormEvent } from 'react';
import { Checkbox, Group, TextInput } from '@mantine/core';
import { adminPartnersEndpoints, AdminPartnerPatchSchema, type AdminPartner, type AdminPartnerDetails } from '@pc/contracts';
import { call } from '../../../lib/endpoints';
import { addToast } from '../../../lib/toast';
import { issueFields } from '../../../lib/forms';
import { AdminFormPanel } from './admin-form-panel';
import { serverFields, useFieldErrors } from './field-errors';

type TextField = 'name' | 'company' | 'currency' | 'appnexus_marketplace_id' | 'appnexus_direct_id';
const LABELS: Record<TextField, string> = {
  name: 'Partner name',
  company: 'Company',
  currency: 'Currency',
  appnexus_marketplace_id: 'AppNexus marketplace id',
  appnexus_direct_id: 'AppNexus direct id',
};
const TEXT_FIELDS = Object.keys(LABELS) as TextField[];

const textsOf = (p: AdminPartner): Record<TextField, string> => ({
  name: p.name,
  company: p.company,
  currency: p.currency,
  appnexus_marketplace_id: p.appnexus_marketplace_id ?? '',
  appnexus_direct_id: p.appnexus_direct_id ?? '',
});

/**
 * Edits a partner's name, company, currency, AppNexus ids and direct deals. Sends only what changed
 * (the PATCH keeps the rest), checked with the same contract schema as the API.
 */
export function PartnerDetailsForm({ partner, onDone }: { partner: AdminPartner; onDone: (saved: AdminPartnerDetails | null) => void }) {
  const [v, setV] = useState(() => textsOf(partner));
  const [hasDirect, setHasDirect] = useState(partner.has_direct);
  const { errors, setErrors, formRef, fail } = useFieldErrors();
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const before = textsOf(partner);
    const changed: Record<string, string | boolean> = {};
    for (const k of TEXT_FIELDS) if (v[k].trim() !== before[k]) changed[k] = v[k];
    if (hasDirect !== partner.has_direct) changed.has_direct = hasDirect;
    const parsed = AdminPartnerPatchSchema.safeParse(changed);
    if (!parsed.success) return fail(issueFields(parsed.error));
    if (Object.keys(parsed.data).length === 0) {
      addToast('info', `Nothing to save: ${partner.name} is as it was.`);
      return onDone(null);
    }
    setSaving(true);
    try {
      const saved = await call(adminPartnersEndpoints.update, { params: { id: partner.id }, body: parsed.data }, { publisherId: null });
      addToast('success', `Partner ${saved.name} (id ${saved.id}) saved.`);
      onDone(saved);
    } catch (err) {
      fail(serverFields(err, [...TEXT_FIELDS, 'has_direct']));
    } finally {
      setSaving(false);
    }
  };

  const field = (k: TextField) => (
    <TextInput
      label={LABELS[k]}
      name={k}
      autoFocus={k === 'name'}
      autoComplete="off"
      description={k === 'currency' ? 'Three letters, e.g. USD.' : k.startsWith('appnexus') ? 'Digits; leave empty for none.' : undefined}
      value={v[k]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setV((prev) => ({ ...prev, [k]: value }));
        setErrors((prev) => ({ ...prev, [k]: '' }));
      }}
      error={errors[k]}
    />
  );
  const title = `Edit partner ${partner.name} (${partner.id})`;
  return (
    <AdminFormPanel
      title={title}
      formRef={formRef}
      onSubmit={submit}
      saving={saving}
      submitLabel="Save partner"
      onCancel={() => onDone(null)}
    >
      <Group grow align="flex-start">
        {field('name')}
        {field('company')}
        {field('currency')}
      </Group>
      <Group grow align="flex-start">
        {field('appnexus_marketplace_id')}
        {field('appnexus_direct_id')}
        <Checkbox
          label="Has direct deals"
          name="has_direct"
          checked={hasDirect}
          onChange={(e) => setHasDirect(e.currentTarget.checked)}
          error={errors.has_direct}
          mt="lg"
        />
      </Group>
    </AdminFormPanel>
  );
}
