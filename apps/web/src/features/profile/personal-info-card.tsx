import { LoadErrorAlert } from '../../components/ui/load-error-alert';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { PersonalInfoSchema, TrackingEvents, type PersonalInfo } from '@pc/contracts';
import { usePersonalInfo } from '../../lib/data/use-publisher-data';
import { api } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { track } from '../../lib/tracking/track';

const EMPTY: PersonalInfo = { firstName: '', lastName: '', email: '', phoneNumber: '' };
const FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber'] as const;

export function PersonalInfoCard() {
  const { data, error, isLoading, mutate } = usePersonalInfo();
  const started = useRef(false);
  const form = useForm({ resolver: zodResolver(PersonalInfoSchema), defaultValues: EMPTY });
  const { errors, isSubmitting, isDirty } = form.formState;

  useEffect(() => {
    if (data) form.reset({ ...EMPTY, ...data, phoneNumber: data.phoneNumber ?? '' });
  }, [data, form]);

  // Profile Started: the first edit of this visit (docs/product.md#api-client).
  const onFirstEdit = () => {
    if (started.current) return;
    started.current = true;
    track(TrackingEvents.profileStarted);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await api<PersonalInfo>('personal-info', { method: 'PUT', body: values });
      await mutate(saved, { revalidate: false });
      form.reset(saved);
      track(TrackingEvents.profileCompleted);
      toast.success('Your profile has been saved.');
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
