import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { partnerViewEndpoints, type AdminPartner } from '@pc/contracts';
import { call } from '../../../lib/endpoints';
import { useSignedIn } from '../../../lib/identity/auth-context';
import { addToast } from '../../../lib/toast';
import { startViewingAs } from '../../../lib/viewing-as';

/** Asks why (it is audited), then switches this tab to the partner's view. */
export function SignInAsDialog({ partner, onClose }: { partner: AdminPartner | null; onClose: () => void }) {
  const { user } = useSignedIn();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const go = async () => {
    if (!partner) return;
    setBusy(true);
    try {
      const res = await call(partnerViewEndpoints.start, { body: { publisherId: partner.id, reason } }, { publisherId: null });
      await startViewingAs(res.token, { publisherId: partner.id, publisherName: res.publisherName, by: user.email ?? 'staff' });
    } catch (e) {
      setError((e as { fields?: Record<string, string> }).fields?.reason);
      addToast('error', (e as Error).message);
      setBusy(false);
    }
  };
  return (
    <Modal opened={partner !== null} onClose={onClose} title={`Sign in as ${partner?.name ?? ''}`} centered>
      <Stack gap="md">
        <Text size="sm">
          This tab switches to the partner&apos;s view (no admin access) until you exit, for one hour at most. Your other tabs stay signed
          in as you. The start, the end and your reason are recorded in the audit log.
        </Text>
        <TextInput label="Reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error} data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void go()} loading={busy}>
            Sign in as partner
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
