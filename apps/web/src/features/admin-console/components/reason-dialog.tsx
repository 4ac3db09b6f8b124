import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { ApiRequestError } from '../../../lib/api-error';
import { addToast } from '../../../lib/toast';

/** What one staff decision dialog says and does; the approve/reject flow is the same for every queue. */
export interface ReasonDecision {
  reject: boolean;
  title: string;
  /** What is decided, in words. */
  subject: ReactNode;
  reasonLabel: string;
  reasonHint: string;
  reasonRequired: boolean;
  confirmLabel: string;
  /** Checks the reason: the cleaned reason, or the message to show under the field. */
  parse: (reason: string) => { reason: string } | { error: string };
  decide: (reason: string) => Promise<void>;
  /** The success toast. */
  done: string;
}

/**
 * Approve or reject one item of a staff queue with a reason. A field error from the server is shown
 * under the field; a 409 means someone decided it meanwhile, so the queue behind is refreshed.
 */
export function ReasonDialog({ decision, onClose, onDone }: { decision: ReasonDecision | null; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!decision) return;
    const parsed = decision.parse(reason);
    if ('error' in parsed) return setError(parsed.error);
    setBusy(true);
    try {
      await decision.decide(parsed.reason);
      addToast('success', decision.done);
      close();
      onDone();
    } catch (e) {
      if (e instanceof ApiRequestError && e.fields?.reason) setError(e.fields.reason);
      else addToast('error', (e as Error).message);
      if (e instanceof ApiRequestError && e.status === 409) {
        close();
        onDone();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={decision !== null} onClose={close} title={decision?.title}>
      <Stack>
        <Text size="sm">{decision?.subject}</Text>
        <Textarea
          label={decision?.reasonLabel}
          description={decision?.reasonHint}
          required={decision?.reasonRequired}
          rows={3}
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
          <Button color={decision?.reject ? 'red' : 'green'} loading={busy} onClick={() => void submit()}>
            {decision?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
