import { useRef, useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  FLAG_KEY_MAX,
  FlagDefinitionInputSchema,
  FlagShapeSchema,
  featureFlagsEndpoints as endpoints,
  flagValueProblem,
  type FlagDefinition,
  type FlagDefinitionPatch,
  type FlagShape,
  type FlagValue,
} from '@pc/contracts';
import { call } from '../../../lib/endpoints';
import { addToast } from '../../../lib/toast';
import { focusFirstError, issueFields, serverFields, type FieldErrors } from './field-errors';
import { formatFlagValue, parseFlagValue } from './flag-value';

const SHAPE_HELP: Record<FlagShape, string> = {
  BOOLEAN: 'On or off.',
  LIMIT: 'A whole number from 0, e.g. how many monitors a partner may add.',
  SET: 'A list of texts, e.g. the check intervals a partner may choose.',
  EXTENSION: 'A number, e.g. extra days of data kept.',
};
const FIELDS = ['key', 'shape', 'defaultValue', 'description', 'beta', 'markedNew'] as const;
/** What a new flag's default starts at when its shape is chosen. */
const STARTING_DEFAULT: Record<FlagShape, string> = { BOOLEAN: 'false', LIMIT: '0', SET: '', EXTENSION: '0' };

interface Values {
  key: string;
  shape: FlagShape;
  description: string;
  beta: boolean;
  markedNew: boolean;
  /** The default as typed (BOOLEAN: 'true' or 'false'; SET: texts separated by commas). */
  defaultValue: string;
}

const valuesOf = (f: FlagDefinition): Values => ({
  key: f.key,
  shape: f.shape,
  description: f.description,
  beta: f.beta,
  markedNew: f.markedNew,
  defaultValue: f.shape === 'SET' ? formatFlagValue(f.defaultValue) : String(f.defaultValue),
});
const sameValue = (a: FlagValue, b: FlagValue) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Creates a flag definition (no `flag`) or edits one's description, badges and default. The key and
 * shape of an existing flag stay: overrides and plans hold values of that shape under that key.
 * Checked here with the contract's rules first; what the server still refuses shows at its field.
 */
export function FlagDefinitionForm({ flag, onDone }: { flag?: FlagDefinition; onDone: (saved: FlagDefinition | null) => void }) {
  const editing = flag !== undefined;
  const [v, setV] = useState<Values>(
    flag ? valuesOf(flag) : { key: '', shape: 'BOOLEAN', description: '', beta: false, markedNew: false, defaultValue: 'false' },
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const set = <K extends keyof Values>(k: K, value: Values[K]) => {
    setV((prev) => ({ ...prev, [k]: value }));
    setErrors((prev) => ({ ...prev, [k]: '' }));
  };
  const fail = (found: FieldErrors) => {
    setErrors(found);
    focusFirstError(formRef.current, found);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const value = parseFlagValue(v.shape, v.defaultValue);
    const valueProblem = flagValueProblem(v.shape, value ?? undefined);
    let request: () => Promise<FlagDefinition>;
    if (flag) {
      const patch: FlagDefinitionPatch = {};
      if (v.description.trim() !== flag.description) patch.description = v.description.trim();
      if (v.beta !== flag.beta) patch.beta = v.beta;
      if (v.markedNew !== flag.markedNew) patch.markedNew = v.markedNew;
      if (value !== null && !sameValue(value, flag.defaultValue)) patch.defaultValue = value;
      if (valueProblem) return fail({ defaultValue: valueProblem });
      if (v.description.trim().length > 500) return fail({ description: 'Use at most 500 characters.' });
      if (Object.keys(patch).length === 0) {
        addToast('info', `Nothing to save: flag ${flag.key} is as it was.`);
        return onDone(null);
      }
      request = () => call(endpoints.update, { params: { key: flag.key }, body: patch }, { publisherId: null });
    } else {
      const parsed = FlagDefinitionInputSchema.safeParse({ ...v, key: v.key.trim(), defaultValue: value });
      const found = parsed.success ? {} : issueFields(parsed.error);
      if (valueProblem) found.defaultValue = valueProblem;
      if (!parsed.success || valueProblem) return fail(found);
      request = () => call(endpoints.create, { body: parsed.data }, { publisherId: null });
    }
    setSaving(true);
    try {
      const saved = await request();
      addToast(
        'success',
        editing ? `Flag ${saved.key} saved.` : `Flag ${saved.key} created. Partners get its default until you set an override.`,
      );
      onDone(saved);
    } catch (err) {
      fail(serverFields(err, FIELDS));
    } finally {
      setSaving(false);
    }
  };

  const defaultInput =
    v.shape === 'BOOLEAN' ? (
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
    ) : (
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

  const title = flag ? `Edit flag ${flag.key}` : 'New flag';
  return (
    <Paper withBorder p="md">
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
        <Stack gap="sm">
          <Title order={3} size="h4">
            {title}
          </Title>
          {flag ? (
            <Text size="sm" c="dimmed">
              Shape {flag.shape}: {SHAPE_HELP[flag.shape]} The name and shape stay as they are; overrides and plans hold values of this
              shape.
            </Text>
          ) : (
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
                onChange={(e) => {
                  const shape = e.currentTarget.value as FlagShape;
                  setV((prev) => ({ ...prev, shape, defaultValue: STARTING_DEFAULT[shape] }));
                  setErrors((prev) => ({ ...prev, shape: '', defaultValue: '' }));
                }}
                error={errors.shape}
              />
            </Group>
          )}
          {defaultInput}
          <Textarea
            label="Description"
            name="description"
            description="What the flag turns on or limits, as staff read it in this list."
            rows={2}
            maxLength={500}
            autoFocus={editing}
            value={v.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            error={errors.description}
          />
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
          <Group>
            <Button type="submit" loading={saving}>
              {flag ? 'Save flag' : 'Create flag'}
            </Button>
            <Button type="button" variant="subtle" onClick={() => onDone(null)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
