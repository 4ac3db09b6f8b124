import { useState, type FormEvent } from 'react';
import {
  FlagDefinitionInputSchema,
  featureFlagsEndpoints as endpoints,
  flagValueProblem,
  type FlagDefinition,
  type FlagDefinitionPatch,
  type FlagShape,
  type FlagValue,
} from '@pc/contracts';
import { call } from '../../../lib/endpoints';
import { addToast } from '../../../lib/toast';
import { issueFields } from '../../../lib/forms';
import { serverFields, useFieldErrors, type FieldErrors } from './field-errors';
import { formatFlagValue, parseFlagValue } from './flag-value';

const FIELDS = ['key', 'shape', 'defaultValue', 'description', 'beta', 'markedNew'] as const;
/** What a new flag's default starts at when its shape is chosen. */
const STARTING_DEFAULT: Record<FlagShape, string> = { BOOLEAN: 'false', LIMIT: '0', SET: '', EXTENSION: '0' };

export interface FlagFormValues {
  key: string;
  shape: FlagShape;
  description: string;
  beta: boolean;
  markedNew: boolean;
  /** The default as typed (BOOLEAN: 'true' or 'false'; SET: texts separated by commas). */
  defaultValue: string;
}

const valuesOf = (f: FlagDefinition): FlagFormValues => ({
  key: f.key,
  shape: f.shape,
  description: f.description,
  beta: f.beta,
  markedNew: f.markedNew,
  defaultValue: f.shape === 'SET' ? formatFlagValue(f.defaultValue) : String(f.defaultValue),
});
const NEW_FLAG: FlagFormValues = { key: '', shape: 'BOOLEAN', description: '', beta: false, markedNew: false, defaultValue: 'false' };
const sameValue = (a: FlagValue, b: FlagValue) => JSON.stringify(a) === JSON.stringify(b);

/** What a submit does: refuse with messages, change nothing, or send a request. */
type Plan = { errors: FieldErrors } | { unchanged: true } | { send: () => Promise<FlagDefinition> };

/**
 * The request of a submit, checked with the contract's rules first. An edit sends only what changed
 * (the PATCH keeps the rest); a new flag sends every field.
 */
function planOf(flag: FlagDefinition | undefined, v: FlagFormValues): Plan {
  const value = parseFlagValue(v.shape, v.defaultValue);
  const valueProblem = flagValueProblem(v.shape, value ?? undefined);
  if (!flag) {
    const parsed = FlagDefinitionInputSchema.safeParse({ ...v, key: v.key.trim(), defaultValue: value });
    const errors = parsed.success ? {} : issueFields(parsed.error);
    if (valueProblem) errors.defaultValue = valueProblem;
    if (!parsed.success || valueProblem) return { errors };
    return { send: () => call(endpoints.create, { body: parsed.data }, { publisherId: null }) };
  }
  if (valueProblem) return { errors: { defaultValue: valueProblem } };
  const patch: FlagDefinitionPatch = {};
  if (v.description.trim() !== flag.description) patch.description = v.description.trim();
  if (v.beta !== flag.beta) patch.beta = v.beta;
  if (v.markedNew !== flag.markedNew) patch.markedNew = v.markedNew;
  if (value !== null && !sameValue(value, flag.defaultValue)) patch.defaultValue = value;
  if (Object.keys(patch).length === 0) return { unchanged: true };
  return { send: () => call(endpoints.update, { params: { key: flag.key }, body: patch }, { publisherId: null }) };
}

/** State and submit of the flag definition form: values, per-field messages, saving. */
export function useFlagDefinitionForm(flag: FlagDefinition | undefined, onDone: (saved: FlagDefinition | null) => void) {
  const [v, setV] = useState<FlagFormValues>(() => (flag ? valuesOf(flag) : NEW_FLAG));
  const { errors, setErrors, formRef, fail } = useFieldErrors();
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof FlagFormValues>(k: K, value: FlagFormValues[K]) => {
    setV((prev) => ({ ...prev, [k]: value }));
    setErrors((prev) => ({ ...prev, [k]: '' }));
  };
  /** A new shape starts its default at that shape's value. */
  const setShape = (shape: FlagShape) => {
    setV((prev) => ({ ...prev, shape, defaultValue: STARTING_DEFAULT[shape] }));
    setErrors((prev) => ({ ...prev, shape: '', defaultValue: '' }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const plan = planOf(flag, v);
    if ('errors' in plan) return fail(plan.errors);
    if ('unchanged' in plan) {
      addToast('info', `Nothing to save: flag ${flag?.key ?? ''} is as it was.`);
      return onDone(null);
    }
    setSaving(true);
    try {
      const saved = await plan.send();
      addToast(
        'success',
        flag ? `Flag ${saved.key} saved.` : `Flag ${saved.key} created. Partners get its default until you set an override.`,
      );
      onDone(saved);
    } catch (err) {
      fail(serverFields(err, FIELDS));
    } finally {
      setSaving(false);
    }
  };

  return { v, errors, saving, formRef, set, setShape, submit };
}
