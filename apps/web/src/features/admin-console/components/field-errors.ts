import type { z } from 'zod';
import { ApiRequestError } from '../../../lib/api-error';

export type FieldErrors = Record<string, string>;

/** A schema's first message per field, keyed like the server's `fields` map. */
export function issueFields(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const i of error.issues) {
    const k = String(i.path[0] ?? '');
    if (k && !(k in out)) out[k] = i.message;
  }
  return out;
}

/** The server's per-field messages of a failed save (400, or a 409 that names its field), or none. */
export function serverFields(e: unknown): FieldErrors {
  if (!(e instanceof ApiRequestError) || !e.fields) return {};
  return Object.fromEntries(Object.entries(e.fields).map(([k, m]) => [k.replace(/^body\./, ''), m]));
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
