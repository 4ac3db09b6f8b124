import { LoadErrorAlert } from '../../components/ui/load-error-alert';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, PasswordInput, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { personalInfoEndpoints, PersonalInfoSchema, TrackingEvents, type PersonalInfo, type PersonalInfoStored } from '@pc/contracts';
import { usePersonalInfo } from '../../lib/data/use-publisher-data';
import { call } from '../../lib/endpoints';
import { applyServerErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { track } from '../../lib/tracking/track';
import { getIdentityClient } from '../../lib/identity/auth-instance';
import { errorMessage } from '../../lib/api-error';

const EMPTY: PersonalInfo = { firstName: '', lastName: '', email: '', phoneNumber: '', currentPassword: '' };
const FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'currentPassword'] as const;

const toForm = (d: PersonalInfoStored): PersonalInfo => ({
  firstName: d.firstName,
  lastName: d.lastName,
  email: d.email,
  phoneNumber: d.phoneNumber ?? '',
  currentPassword: '',
});

/** A fresh ID token carries the saved name and e-mail, so the header shows them at once. */
const refreshHeader = () =>
  getIdentityClient()
    .getIdToken(true)
    .catch(() => null);

/** The link sent to a new address lands here (?confirmEmail=...): confirm it once, then drop it from the URL. */
function useEmailConfirmation(onConfirmed: () => void) {
  const [params, setParams] = useSearchParams();
  const code = params.get('confirmEmail');
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!code || done.current === code) return;
    done.current = code;
    void call(personalInfoEndpoints.confirmEmail, { body: { code } })
      .then(async (r) => {
        toast.success(`Your sign-in email is now ${r.email}.`);
        await refreshHeader();
        onConfirmed();
      })
      .catch((e: unknown) => toast.error(errorMessage(e)))
      .finally(() =>
        setParams(
          (p) => {
            p.delete('confirmEmail');
            return p;
          },
          { replace: true },
        ),
      );
  }, [code, onConfirmed, setParams]);
}

export function PersonalInfoCard() {
  const { data, error, isLoading, mutate } = usePersonalInfo();
  const started = useRef(false);
  const form = useForm({ resolver: zodResolver(PersonalInfoSchema), defaultValues: EMPTY });
  const { errors, isSubmitting, isDirty } = form.formState;
  const email = form.watch('email');
  // The sign-in e-mail changes only with the current password (and a link to the new address).
  const emailChanges = !!data && email.trim().toLowerCase() !== data.email.toLowerCase();
  useEmailConfirmation(() => void mutate());

  useEffect(() => {
    if (data) form.reset(toForm(data));
  }, [data, form]);

  // Profile Started: the first edit of this visit (docs/product.md#api-client).
  const onFirstEdit = () => {
    if (started.current) return;
    started.current = true;
    track(TrackingEvents.profileStarted);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const body = emailChanges ? values : { ...values, currentPassword: undefined };
      const saved = await call(personalInfoEndpoints.update, { body });
      await mutate(saved, { revalidate: false });
      form.reset(toForm(saved));
      track(TrackingEvents.profileCompleted);
      await refreshHeader();
      toast.success(
        emailChanges
          ? `Your profile has been saved. Open the link we sent to ${values.email} to change your sign-in email.`
          : 'Your profile has been saved.',
      );
    } catch (e) {
      applyServerErrors(e, form.setError, FIELDS);
    }
  });

  return (
    <Card>
      <Title order={2} size="h4">
        Personal information
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Used to address you and to contact you about your account.
      </Text>
      {error ? (
        <LoadErrorAlert title="Your profile could not be loaded" message={error.message} onRetry={() => void mutate()} />
      ) : isLoading ? (
        <Stack gap="sm">
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : (
        <form onSubmit={onSubmit} onChange={onFirstEdit} noValidate aria-label="Personal information">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="First Name" autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
              <TextInput label="Last Name" autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
            </SimpleGrid>
            <TextInput label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
            {data?.pendingEmail && !emailChanges && (
              <Alert color="blue" title="Confirm your new email">
                We sent a link to {data.pendingEmail}. You sign in with {data.email} until you open it.
              </Alert>
            )}
            {emailChanges && (
              <PasswordInput
                label="Current password"
                description="Needed to change the email you sign in with. We then send a confirmation link to the new address."
                autoComplete="current-password"
                error={errors.currentPassword?.message}
                {...form.register('currentPassword')}
              />
            )}
            <TextInput
              label="Phone"
              type="tel"
              autoComplete="tel"
              description="Optional. International format, e.g. +44 20 7946 0958."
              error={errors.phoneNumber?.message}
              {...form.register('phoneNumber')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={isSubmitting} disabled={isSubmitting || !isDirty}>
                Save profile
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
