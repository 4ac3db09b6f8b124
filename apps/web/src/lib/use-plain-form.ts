import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';

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
      const result = (await loadValidate())(values);
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

  return { values, errors, isSubmitting, register, setError, handleSubmit, formRef: setForm };
}
