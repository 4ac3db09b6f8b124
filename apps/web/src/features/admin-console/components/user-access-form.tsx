import { useState } from 'react';
import { Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { adminUsersEndpoints, AdminUserPatchSchema, type RegisteredUser } from '@pc/contracts';
import { call } from '../../../lib/endpoints';
import { addToast } from '../../../lib/toast';
import { issueFields } from '../../../lib/forms';
import { useConsoleSave } from './field-errors';

export const splitIds = (v: string) => v.split(/[\s,;]+/).filter(Boolean);

/** A user's scope (ALL or partner ids) and admin access; saving ends the user's sessions. */
export function UserAccessForm({ user, onDone }: { user: RegisteredUser; onDone: () => void }) {
  const [ids, setIds] = useState(user.publisherScope.split(',').join(', '));
  const [admin, setAdmin] = useState(user.adminAccess);
  const { errors, setErrors, saving, save } = useConsoleSave();
  const submit = async () => {
    const parsed = AdminUserPatchSchema.safeParse({ publisherIds: splitIds(ids), adminAccess: admin });
    if (!parsed.success) {
      setErrors(issueFields(parsed.error));
      return;
    }
    await save(async () => {
      await call(adminUsersEndpoints.update, { params: { id: user.id }, body: parsed.data }, { publisherId: null });
      addToast('success', `Access of ${user.email} saved; their sessions ended, they sign in again with the new access.`);
      onDone();
    });
  };
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Text fw={500}>Access of {user.email}</Text>
        <TextInput
          label="Partner ids"
          description="ALL for provider staff, otherwise partner ids separated by commas."
          value={ids}
          onChange={(e) => setIds(e.currentTarget.value)}
          error={errors.publisherIds}
        />
        <Checkbox
          label="Admin access (staff only, allowed admin e-mail addresses)"
          checked={admin}
          onChange={(e) => setAdmin(e.currentTarget.checked)}
          error={errors.adminAccess}
        />
        <Group>
          <Button onClick={() => void submit()} loading={saving}>
            Save access
          </Button>
          <Button variant="subtle" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
