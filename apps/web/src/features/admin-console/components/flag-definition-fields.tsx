import { Checkbox, Group, NativeSelect, TextInput } from '@mantine/core';
import { FLAG_KEY_MAX, FlagShapeSchema, type FlagShape } from '@pc/contracts';
import type { FieldErrors } from './field-errors';
import type { FlagFormValues } from './use-flag-definition-form';

export const SHAPE_HELP: Record<FlagShape, string> = {
  BOOLEAN: 'On or off.',
  LIMIT: 'A whole number from 0, e.g. how many monitors a partner may add.',
  SET: 'A list of texts, e.g. the check intervals a partner may choose.',
  EXTENSION: 'A number, e.g. extra days of data kept.',
};

type Set = <K extends keyof FlagFormValues>(k: K, value: FlagFormValues[K]) => void;
interface FieldsProps {
  v: FlagFormValues;
  errors: FieldErrors;
  set: Set;
}

/** A new flag's name and shape (an existing flag keeps both). */
export function FlagNameAndShape({ v, errors, set, setShape }: FieldsProps & { setShape: (s: FlagShape) => void }) {
  return (
    <Group grow align="flex-start">
      <TextInput
        label="Flag name"
        name="key"
        description="Lower-case words joined by dots, e.g. uptime.check_intervals."
        maxLength={FLAG_KEY_MAX}
        autoComplete="off"
        autoFocus
        value={v.key}
        onChange={(e) => set('key', e.currentTarget.value)}
        error={errors.key}
      />
      <NativeSelect
        label="Shape"
        name="shape"
        description={SHAPE_HELP[v.shape]}
        data={FlagShapeSchema.options}
        value={v.shape}
        onChange={(e) => setShape(e.currentTarget.value as FlagShape)}
        error={errors.shape}
      />
    </Group>
  );
}

/** The default as the shape takes it: on or off for BOOLEAN, else typed (SET: texts separated by commas). */
export function DefaultValueInput({ v, errors, set }: FieldsProps) {
  if (v.shape === 'BOOLEAN')
    return (
      <NativeSelect
        label="Default value"
        name="defaultValue"
        data={[
          { value: 'false', label: 'Off (false)' },
          { value: 'true', label: 'On (true)' },
        ]}
        value={v.defaultValue}
        onChange={(e) => set('defaultValue', e.currentTarget.value)}
        error={errors.defaultValue}
      />
    );
  return (
    <TextInput
      label="Default value"
      name="defaultValue"
      description={v.shape === 'SET' ? 'Texts separated by commas; leave empty for none.' : undefined}
      inputMode={v.shape === 'SET' ? 'text' : v.shape === 'LIMIT' ? 'numeric' : 'decimal'}
      value={v.defaultValue}
      onChange={(e) => set('defaultValue', e.currentTarget.value)}
      error={errors.defaultValue}
    />
  );
}

/** The badges partners see beside the feature. */
export function BadgeCheckboxes({ v, errors, set }: FieldsProps) {
  return (
    <Group>
      <Checkbox
        label="Beta: partners see a beta badge"
        name="beta"
        checked={v.beta}
        onChange={(e) => set('beta', e.currentTarget.checked)}
        error={errors.beta}
      />
      <Checkbox
        label="New: partners see a new badge until the configured new-features date"
        name="markedNew"
        checked={v.markedNew}
        onChange={(e) => set('markedNew', e.currentTarget.checked)}
        error={errors.markedNew}
      />
    </Group>
  );
}
