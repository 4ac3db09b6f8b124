import { useState } from 'react';
import { Button, Checkbox, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { InvitationDataSchema, invitationsEndpoints, type BulkInviteResult } from '@pc/contracts';
import { call } from '../../../lib/endpoints';
import { addToast } from '../../../lib/toast';
import { splitIds } from './user-access-form';
import { issueFields } from '../../../lib/forms';
import { useConsoleSave } from './field-errors';

/** One invitation (the spec's invitation data), or many from a CSV for a large publisher's onboarding. */
export function InvitationForm({ onDone }: { onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [ids, setIds] = useState('');
  const [owners, setOwners] = useState('');
  const [admin, setAdmin] = useState(false);
  const [csv, setCsv] = useState('');
  const [bulk, setBulk] = useState<BulkInviteResult | null>(null);
  const { errors, setErrors, saving, save } = useConsoleSave();

  const invite = async () => {
    const parsed = InvitationDataSchema.safeParse({
      email,
      publisherIds: splitIds(ids),
      mediaOwnerIds: splitIds(owners),
      adminAccess: admin,
    });
    if (!parsed.success) {
      setErrors(issueFields(parsed.error));
      return;
    }
    await save(async () => {
      const inv = await call(invitationsEndpoints.create, { body: parsed.data }, { publisherId: null });
      addToast(
        inv.sent ? 'success' : 'warning',
        inv.sent ? `Invitation e-mailed to ${inv.email}.` : `Invitation saved but the e-mail failed; resend it.`,
      );
      setEmail('');
      setIds('');
      setOwners('');
      setAdmin(false);
      setErrors({});
      onDone();
    });
  };
  const inviteMany = async () => {
    await save(async () => {
      const res = await call(invitationsEndpoints.bulk, { body: { csv } }, { publisherId: null });
      setBulk(res);
      addToast(res.created === res.rows.length ? 'success' : 'warning', `${res.created} of ${res.rows.length} invitations sent.`);
      onDone();
    });
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput label="Invitee e-mail" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email} />
          <TextInput
            label="Partner ids"
            description="ALL for provider staff, or ids separated by commas"
            value={ids}
            onChange={(e) => setIds(e.currentTarget.value)}
            error={errors.publisherIds}
          />
          <TextInput
            label="Media owner ids"
            description="Optional: the accounts the invitee belongs to"
            value={owners}
            onChange={(e) => setOwners(e.currentTarget.value)}
            error={errors.mediaOwnerIds}
          />
        </Group>
        <Checkbox label="Admin access" checked={admin} onChange={(e) => setAdmin(e.currentTarget.checked)} error={errors.adminAccess} />
        <Group>
          <Button onClick={() => void invite()} loading={saving}>
            Send invitation
          </Button>
        </Group>
        <Textarea
          label="Bulk invite (CSV)"
          description="First line: email,publisherIds,mediaOwnerIds. Ids separated by ; inside a cell."
          autosize
          minRows={2}
          maxRows={8}
          value={csv}
          onChange={(e) => setCsv(e.currentTarget.value)}
          error={errors.csv}
        />
        <Group>
          <Button variant="light" onClick={() => void inviteMany()} loading={saving} disabled={!csv.trim()}>
            Invite from CSV
          </Button>
        </Group>
        {bulk?.rows
          .filter((r) => !r.ok)
          .map((r) => (
            <TextInput
              key={r.line}
              readOnly
              aria-label={`Line ${r.line}`}
              value={`Line ${r.line} (${r.email}): ${r.message ?? 'refused'}`}
            />
          ))}
      </Stack>
    </Paper>
  );
}
