import { useState } from 'react';
import { Button, Checkbox, Group, Paper, Stack, TextInput } from '@mantine/core';
import { adminPartnersEndpoints, AdminPartnerInputSchema } from '@pc/contracts';
import { call } from '../../../lib/endpoints';
import { addToast } from '../../../lib/toast';
import { issueFields } from '../../../lib/forms';
import { useConsoleSave } from './field-errors';

const empty = { name: '', currency: 'USD', company: '', appnexus_marketplace_id: '', appnexus_direct_id: '' };

/** Creates a partner; validated with the same contract schema as the API. */
export function NewPartnerForm({ onDone }: { onDone: (id: string | null) => void }) {
  const [v, setV] = useState(empty);
  const [hasDirect, setHasDirect] = useState(false);
  const { errors, setErrors, saving, save } = useConsoleSave();
  const field = (k: keyof typeof empty, label: string) => (
    <TextInput label={label} value={v[k]} onChange={(e) => setV({ ...v, [k]: e.currentTarget.value })} error={errors[k]} />
  );
  const submit = async () => {
    const parsed = AdminPartnerInputSchema.safeParse({ ...v, has_direct: hasDirect });
    if (!parsed.success) {
      setErrors(issueFields(parsed.error));
      return;
    }
    await save(async () => {
      const created = await call(adminPartnersEndpoints.create, { body: parsed.data }, { publisherId: null });
      addToast('success', `Partner ${created.name} created (id ${created.id}). Add its sites next.`);
      onDone(created.id);
    });
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group grow>
          {field('name', 'Partner name')}
          {field('company', 'Company')}
          {field('currency', 'Currency')}
        </Group>
        <Group grow>
          {field('appnexus_marketplace_id', 'AppNexus marketplace id')}
          {field('appnexus_direct_id', 'AppNexus direct id')}
          <Checkbox label="Has direct deals" checked={hasDirect} onChange={(e) => setHasDirect(e.currentTarget.checked)} mt="lg" />
        </Group>
        <Group>
          <Button onClick={() => void submit()} loading={saving}>
            Create partner
          </Button>
          <Button variant="subtle" onClick={() => onDone(null)}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
