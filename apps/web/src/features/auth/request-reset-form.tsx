import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { Routes, type ForgotPassword } from '@pc/contracts';
import { getIdentityClient } from '../../lib/identity/auth-instance';
import { applyServerErrors } from '../../lib/forms';
import { usePlainForm } from '../../lib/use-plain-form';
import { toast } from '../../lib/toast';

// Same text whether or not an account exists: the form must not reveal who has an account.
export const RESET_SENT_MESSAGE =
  'If an account exists for that e-mail address, we have sent a message with a link and a code to reset the password. Check your inbox and spam folder.';

export function RequestResetForm({ onHaveCode }: { onHaveCode: () => void }) {
  const [sent, setSent] = useState(false);
  const form = usePlainForm<ForgotPassword>({ email: '' }, () => import('./reset-schemas').then((m) => m.validateForgot));
  const { errors, isSubmitting } = form;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await getIdentityClient().sendPasswordResetEmail(email);
      setSent(true);
      toast.success('Password reset requested.');
    } catch (e) {
      applyServerErrors(e, form.setError, ['email']);
    }
  });

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {sent && (
          <Alert color="teal" variant="light" role="status" title="Check your e-mail">
            {RESET_SENT_MESSAGE}
          </Alert>
        )}
        <TextInput label="Email" type="email" autoComplete="email" error={errors.email} {...form.register('email')} />
        <Button type="submit" loading={isSubmitting} disabled={isSubmitting} fullWidth>
          Send reset link
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to={Routes.login} size="sm">
            Back to sign in
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onHaveCode}>
            I have a code
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
