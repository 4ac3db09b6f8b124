import { useCallback, useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { takeEarlySubmit } from './early-submit';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Validates values: the parsed data (trimmed, etc.), or the first message per invalid field. */
export type Validate<T> = (values: T) => { data: T; errors: null } | { data: null; errors: FieldErrors<keyof T & string> };

/**
 * A small form state for the signed-out pages (sign-in, reset), which must paint without form or
 * validation libraries: text values, per-field messages, a submitting flag. The validator is loaded on the
 * first submit (`loadValidate` imports a module holding the contracts' schema). `setError` has
 * react-hook-form's shape, so `applyServerErrors` serves both kinds of form.
 */
export function usePlainForm<T extends Record<string, string>>(initial: T, loadValidate: () => Promise<Validate<T>>) {
  type Field = keyof T & string;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [form, setForm] = useState<HTMLFormElement | null>(null);

  const focus = useCallback(
    (field: Field) => {
      const el = form?.elements.namedItem(field);
      if (el instanceof HTMLElement) el.focus();
    },
    [form],
  );

  const setError = useCallback(
    (field: Field, error: { type?: string; message?: string }, options?: { shouldFocus: boolean }) => {
      setErrors((prev) => ({ ...prev, [field]: error.message }));
      if (options?.shouldFocus) focus(field);
    },
    [focus],
  );

  // A pre-rendered page (sign-in) hydrates keeping what was typed before its scripts ran. The state
  // takes those values as the form is attached, in the same render as `form` (a render with the
  // old values would clear the fields); a submit made then is sent once the page is live.
  const formRef = useCallback((el: HTMLFormElement | null) => {
    setForm(el);
    if (el) setValues((prev) => fromForm(el, prev));
  }, []);
  useEffect(() => {
    if (form && takeEarlySubmit(form)) setTimeout(() => form.requestSubmit());
  }, [form]);

  const register = (name: Field) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((prev) => ({ ...prev, [name]: value }));
      setErrors((prev) => ({ ...prev, [name]: undefined }));
    },
  });

  const handleSubmit = (onValid: (data: T) => Promise<void>) => async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (isSubmitting) return;
    setSubmitting(true);
    try {
      // What the fields hold: the same as the state, except for a submit made before hydration.
      const result = (await loadValidate())(form ? fromForm(form, values) : values);
      setErrors(result.errors ?? {});
      if (result.data !== null) await onValid(result.data);
      else {
        const first = (Object.keys(result.errors ?? {}) as Field[])[0];
        if (first) focus(first);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return { values, errors, isSubmitting, register, setError, handleSubmit, formRef };
}

/** `values` with each field's value as the form's input of that name holds it. */
function fromForm<T extends Record<string, string>>(form: HTMLFormElement, values: T): T {
  let next = values;
  for (const name of Object.keys(values)) {
    const el = form.elements.namedItem(name);
    if (el instanceof HTMLInputElement && el.value !== next[name]) next = { ...next, [name]: el.value };
  }
  return next;
}
