import type { z } from 'zod';
import { ApiRequestError, errorMessage } from './api-error';
import { toast } from './toast';

/** A schema's first message per field, keyed like the server's `fields` map (a form checks before it sends). */
export function issueFields(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of error.issues) {
    const k = String(i.path[0] ?? '');
    if (k && !(k in out)) out[k] = i.message;
  }
  return out;
}

/** react-hook-form's setError, and usePlainForm's. */
export type SetFieldError<F extends string> = (
  field: F,
  error: { type: string; message: string },
  options?: { shouldFocus: boolean },
) => void;

/**
 * Maps a server error's `fields` onto the form (inline messages) and shows a toast. Returns true
 * when at least one field got a message.
 */
export function applyServerErrors<F extends string>(e: unknown, setError: SetFieldError<F>, known: readonly F[]): boolean {
  const mapped = setServerFieldErrors(e, setError, known);
  toast.error(errorMessage(e));
  return mapped;
}

/**
 * Only the inline messages of applyServerErrors, for a form that says the rest in its own alert (a
 * toast beside it would say it twice, and outlive the page).
 */
export function setServerFieldErrors<F extends string>(e: unknown, setError: SetFieldError<F>, known: readonly F[]): boolean {
  let mapped = false;
  if (e instanceof ApiRequestError && e.fields) {
    for (const [key, message] of Object.entries(e.fields)) {
      const field = known.find((k) => k === key.replace(/^body\./, ''));
      if (field) {
        setError(field, { type: 'server', message }, { shouldFocus: !mapped });
        mapped = true;
      }
    }
  }
  return mapped;
}
