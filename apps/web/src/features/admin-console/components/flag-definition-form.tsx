import { Text, Textarea } from '@mantine/core';
import { AdminFormPanel } from './admin-form-panel';
import type { FlagDefinition } from '@pc/contracts';
import { BadgeCheckboxes, DefaultValueInput, FlagNameAndShape, SHAPE_HELP } from './flag-definition-fields';
import { useFlagDefinitionForm } from './use-flag-definition-form';

/**
 * Creates a flag definition (no `flag`) or edits one's description, badges and default. The key and
 * shape of an existing flag stay: overrides and plans hold values of that shape under that key.
 * Checked here with the contract's rules first; what the server still refuses shows at its field.
 */
export function FlagDefinitionForm({ flag, onDone }: { flag?: FlagDefinition; onDone: (saved: FlagDefinition | null) => void }) {
  const { v, errors, saving, formRef, set, setShape, submit } = useFlagDefinitionForm(flag, onDone);
  const title = flag ? `Edit flag ${flag.key}` : 'New flag';
  return (
    <AdminFormPanel
      title={title}
      formRef={formRef}
      onSubmit={submit}
      saving={saving}
      submitLabel={flag ? 'Save flag' : 'Create flag'}
      onCancel={() => onDone(null)}
    >
      {flag ? (
        <Text size="sm" c="dimmed">
          Shape {flag.shape}: {SHAPE_HELP[flag.shape]} The name and shape stay as they are; overrides and plans hold values of this shape.
        </Text>
      ) : (
        <FlagNameAndShape v={v} errors={errors} set={set} setShape={setShape} />
      )}
      <DefaultValueInput v={v} errors={errors} set={set} />
      <Textarea
        label="Description"
        name="description"
        description="What the flag turns on or limits, as staff read it in this list."
        rows={2}
        maxLength={500}
        autoFocus={flag !== undefined}
        value={v.description}
        onChange={(e) => set('description', e.currentTarget.value)}
        error={errors.description}
      />
      <BadgeCheckboxes v={v} errors={errors} set={set} />
    </AdminFormPanel>
  );
}
