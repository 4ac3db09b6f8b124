import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { CompanySchema, countryOptions, publishersEndpoints, withWebsiteScheme, type Company, type PublisherDetails } from '@pc/contracts';
import { call } from '../../lib/endpoints';
import { applyServerErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { useUnsavedChangesGuard } from '../../lib/use-unsaved-changes-guard';

type FieldSpec = { name: keyof Company; label: string; autoComplete?: string; type?: string; description?: string };
const FIELDS: FieldSpec[][] = [
  [
    { name: 'name', label: 'Company name', autoComplete: 'organization' },
    { name: 'type', label: 'Company type' },
  ],
  [
    { name: 'registration_number', label: 'Registration number' },
    { name: 'vat_registration_office', label: 'VAT registration office' },
  ],
  [
    {
      name: 'website',
      label: 'Website',
      autoComplete: 'url',
      type: 'url',
      description: 'The address people visit, e.g. https://example.com.',
    },
  ],
  [{ name: 'address', label: 'Address', autoComplete: 'street-address' }],
  [
    { name: 'city', label: 'City', autoComplete: 'address-level2' },
    { name: 'zip_code', label: 'ZIP code', autoComplete: 'postal-code' },
    { name: 'country', label: 'Country', autoComplete: 'country-name' },
  ],
];
const CONTACT: FieldSpec[] = [
  { name: 'first_name', label: 'Contact first name', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Contact last name', autoComplete: 'family-name' },
  { name: 'email', label: 'Contact email', autoComplete: 'email', type: 'email' },
  { name: 'phone', label: 'Contact phone', autoComplete: 'tel', type: 'tel' },
];
const ALL_FIELDS = [...FIELDS.flat(), ...CONTACT].map((f) => f.name);

export function CompanyForm({ details, onSaved }: { details: PublisherDetails; onSaved: (d: PublisherDetails) => void }) {
  const form = useForm<Company>({ resolver: zodResolver(CompanySchema), defaultValues: details.company });
  const { errors, isSubmitting, isDirty } = form.formState;
  const leaveGuard = useUnsavedChangesGuard(isDirty && !isSubmitting);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await call(publishersEndpoints.updateCompany, { body: values }, { publisherId: details.id });
      onSaved(saved);
      form.reset(saved.company);
      toast.success('The company details have been saved.');
    } catch (e) {
      applyServerErrors(e, form.setError, ALL_FIELDS);
    }
  });

  const input = (f: FieldSpec) =>
    f.name === 'country' ? (
      <Controller
        key={f.name}
        control={form.control}
        name="country"
        render={({ field }) => (
          <Select
            label={f.label}
            placeholder="Choose a country"
            data={countryOptions()}
            searchable
            clearable
            nothingFoundMessage="No country matches"
            autoComplete="off"
            error={errors.country?.message}
            name={field.name}
            ref={field.ref}
            value={field.value || null}
            onChange={(v) => field.onChange(v ?? '')}
            onBlur={field.onBlur}
          />
        )}
      />
    ) : (
      <TextInput
        key={f.name}
        label={f.label}
        type={f.type}
        description={f.description}
        autoComplete={f.autoComplete}
        error={errors[f.name]?.message}
        {...form.register(f.name, f.name === 'website' ? { setValueAs: withWebsiteScheme } : undefined)}
      />
    );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Company details">
      {leaveGuard}
      <Stack gap="lg">
        <Card>
          <Title order={2} size="h4" mb="md">
            Company
          </Title>
          <Stack gap="md">
            {FIELDS.map((row, i) => (
              <SimpleGrid key={i} cols={{ base: 1, sm: row.length }}>
                {row.map(input)}
              </SimpleGrid>
            ))}
          </Stack>
        </Card>
        <Card>
          <Title order={2} size="h4" mb="md">
            Contact person
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>{CONTACT.map(input)}</SimpleGrid>
        </Card>
        <Group justify="flex-end">
          <Button type="button" variant="default" disabled={!isDirty || isSubmitting} onClick={() => form.reset(details.company)}>
            Discard changes
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting || !isDirty}>
            Save company details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
