import { useEffect, useState } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { Routes, type ConfirmReset } from '@pc/contracts';
import { getIdentityClient } from '../../lib/identity/auth-instance';
import { applyServerErrors } from '../../lib/forms';
import { usePlainForm } from '../../lib/use-plain-form';
import { toast } from '../../lib/toast';

export function ConfirmResetForm({ initialCode, onBack }: { initialCode: string; onBack: () => void }) {
  const navigate = useNavigate();
  const [forEmail, setForEmail] = useState<string | null>(null);
  const form = usePlainForm<ConfirmReset>({ code: initialCode, newPassword: '' }, () =>
    import('./reset-schemas').then((m) => m.validateConfirmReset),
  );
  const { errors, isSubmitting, setError } = form;

  // A code from the e-mail link is checked up front so an expired link is reported before typing.
  useEffect(() => {
    if (!initialCode) return;
    getIdentityClient()
      .verifyPasswordResetCode(initialCode)
      .then(setForEmail, (e: unknown) => applyServerErrors(e, setError, ['code']));
  }, [initialCode, setError]);

  const onSubmit = form.handleSubmit(async ({ code, newPassword }) => {
    try {
      await getIdentityClient().confirmPasswordReset(code, newPassword);
      toast.success('Your password has been changed. Sign in with the new password.');
      navigate(Routes.login, { replace: true });
    } catch (e) {
      applyServerErrors(e, form.setError, ['code', 'newPassword']);
    }
  });

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {forEmail && (
          <Text size="sm">
            Resetting the password of <strong>{forEmail}</strong>.
          </Text>
        )}
        <TextInput label="Reset code" autoComplete="one-time-code" error={errors.code} {...form.register('code')} />
        <PasswordInput
          label="New password"
          description="At least 8 characters."
          autoComplete="new-password"
          error={errors.newPassword}
          {...form.register('newPassword')}
        />
        <Button type="submit" loading={isSubmitting} disabled={isSubmitting} fullWidth>
          Set new password
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          Request a new e-mail instead
        </Anchor>
      </Stack>
    </form>
  );
}
