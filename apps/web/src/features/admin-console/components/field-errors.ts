import { useRef, useState } from 'react';
import { applyServerErrors } from '../../../lib/forms';
import { addToast } from '../../../lib/toast';

export type FieldErrors = Record<string, string>;

/**
 * The server's per-field messages of a failed save (a 400, or a 409 that names its field) among the
 * form's `known` fields, through the shared helper that also toasts the error's message.
 */
export function serverFields<F extends string>(e: unknown, known: readonly F[]): FieldErrors {
  const found: FieldErrors = {};
  applyServerErrors(
    e,
    (field, { message }) => {
      found[field] = message;
    },
    known,
  );
  return found;
}

/**
 * Moves focus to the first field with a message, in the form's order, so a keyboard user lands where
 * the problem is. Fields are found by their `name`.
 */
export function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors): void {
  if (!form) return;
  for (const el of Array.from(form.elements)) {
    const name = (el as HTMLInputElement).name;
    if (name && errors[name] && el instanceof HTMLElement) {
      el.focus();
      return;
    }
  }
}

/**
 * A console form's messages per field and its form element: `fail` shows a set of messages and
 * moves focus to the first field that has one (focusFirstError).
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const fail = (found: FieldErrors) => {
    setErrors(found);
    focusFirstError(formRef.current, found);
  };
  return { errors, setErrors, formRef, fail };
}

/**
 * A console form's field messages and its save: `save` runs the call with `saving` set meanwhile;
 * a refusal puts the server's `fields` messages at their fields and says its message in a toast.
 */
export function useConsoleSave() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const save = async (work: () => Promise<void>) => {
    setSaving(true);
    try {
      await work();
    } catch (e) {
      setErrors((e as { fields?: FieldErrors }).fields ?? {});
      addToast('error', (e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return { errors, setErrors, saving, save };
}
