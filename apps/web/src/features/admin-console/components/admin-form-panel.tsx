import type { FormEvent, ReactNode, RefObject } from 'react';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';

/**
 * The frame of a console edit form: a panel with the form named by its title (a screen reader
 * announces which partner or flag it edits), the fields, then Save and Cancel.
 */
export function AdminFormPanel({
  title,
  formRef,
  onSubmit,
  saving,
  submitLabel,
  onCancel,
  children,
}: {
  title: string;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (e: FormEvent) => Promise<void>;
  saving: boolean;
  submitLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md">
      <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate aria-label={title}>
        <Stack gap="sm">
          <Title order={3} size="h4">
            {title}
          </Title>
          {children}
          <Group>
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
            <Button type="button" variant="subtle" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
