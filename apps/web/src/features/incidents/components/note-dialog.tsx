import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IncidentNoteSchema } from '@pc/contracts';

/** Acknowledge or resolve with an optional note (the same rule as the API: at most 2000 characters). */
export function NoteDialog(props: {
  action: 'acknowledge' | 'resolve' | null;
  title: string;
  busy: boolean;
  onConfirm: (note: string) => void;
  onCancel: () => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verb = props.action === 'resolve' ? 'Resolve' : 'Acknowledge';
  const submit = () => {
    const parsed = IncidentNoteSchema.safeParse({ note });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the note.');
    setError(null);
    props.onConfirm(parsed.data.note);
  };
  const close = () => {
    setNote('');
    setError(null);
    props.onCancel();
  };
  return (
    <Modal opened={props.action !== null} onClose={close} title={`${verb} incident`} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            {props.action === 'resolve'
              ? `"${props.title}" is marked resolved. A new occurrence reopens it.`
              : `"${props.title}" is marked as being looked at; it stays open until resolved.`}
          </Text>
          <Textarea
            label="Note"
            description="Optional: what was found or done. Shown in the timeline."
            autosize
            minRows={3}
            value={note}
            error={error}
            onChange={(e) => setNote(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={props.busy}>
              Cancel
            </Button>
            <Button type="submit" loading={props.busy} color={props.action === 'resolve' ? 'green' : undefined}>
              {verb}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
