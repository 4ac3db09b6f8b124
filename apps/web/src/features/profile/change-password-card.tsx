import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { ChangePasswordFormSchema, type ChangePasswordForm } from '@pc/contracts';
import { getIdentityClient } from '../../lib/identity/auth-instance';
import { ApiRequestError, errorMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast';

/** Changing the password first re-confirms identity with the current one (docs/product.md#states). */
export function ChangePasswordCard() {
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    const client = getIdentityClient();
    try {
      await client.reauthenticate(v.currentPassword);
    } catch (e) {
      const msg = e instanceof ApiRequestError && e.status === 401 ? 'The current password is incorrect.' : errorMessage(e);
      form.setError('currentPassword', { type: 'server', message: msg }, { shouldFocus: true });
      toast.error(msg);
      return;
    }
    try {
      await client.updatePassword(v.newPassword);
      form.reset();
      toast.success('Your password has been changed.');
    } catch (e) {
      if (e instanceof ApiRequestError && e.fields?.newPassword)
        form.setError('newPassword', { type: 'server', message: e.fields.newPassword });
      toast.error(errorMessage(e));
    }
  });

  return (
    <Card>
      <Title order={2} size="h4">
        Password
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Enter your current password to confirm it is you, then choose a new one.
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label="Change password">
        <Stack gap="md">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <PasswordInput
            label="New password"
            description="At least 8 characters."
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
