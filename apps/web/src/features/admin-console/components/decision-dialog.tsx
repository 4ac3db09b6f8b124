import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { StaffDecisionSchema } from '@pc/contracts';
import { api } from '../../../lib/api';
import { ApiRequestError } from '../../../lib/api-error';
import { addToast } from '../../../lib/toast';

export interface PendingDecision {
  /** 'staff/plan-requests' or 'staff/service-requests'. */
  path: string;
  id: string;
  decision: 'approve' | 'reject';
  /** What is decided, in words: "Evergreen Digital: move to Enterprise". */
  subject: string;
}

/**
 * Approve or reject one request with a reason. The reason is mailed to the publisher; a
 * rejection needs one (the server says so in `fields.reason`, shown under the field).
 */
export function DecisionDialog({ pending, onClose, onDone }: { pending: PendingDecision | null; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reject = pending?.decision === 'reject';
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!pending) return;
    const parsed = StaffDecisionSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the reason.');
    if (reject && parsed.data.reason.length < 3) return setError('Give a reason (at least 3 characters): the publisher receives it.');
    setBusy(true);
    try {
      await api(`${pending.path}/${pending.id}/${pending.decision}`, { method: 'POST', publisherId: null, body: parsed.data });
      addToast('success', `${reject ? 'Rejected' : 'Approved'}: ${pending.subject}. The publisher is told by e-mail.`);
      close();
      onDone();
    } catch (e) {
      if (e instanceof ApiRequestError && e.fields?.reason) setError(e.fields.reason);
      else addToast('error', (e as Error).message);
      // A 409 means someone decided it meanwhile: refresh the queue behind the dialog.
      if (e instanceof ApiRequestError && e.status === 409) {
        close();
        onDone();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={pending !== null} onClose={close} title={reject ? 'Reject the request' : 'Approve the request'}>
      <Stack>
        <Text size="sm">{pending?.subject}</Text>
        <Textarea
          label={reject ? 'Reason' : 'Note to the publisher (optional)'}
          description="Mailed to the publisher's users and kept with the decision."
          required={reject}
          autosize
          minRows={3}
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color={reject ? 'red' : 'green'} loading={busy} onClick={() => void submit()}>
            {reject ? 'Reject request' : 'Approve request'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
