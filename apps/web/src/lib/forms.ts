import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError, errorMessage } from './api-error';
import { toast } from './toast';

/**
 * Maps a server error's `fields` onto the form (inline messages) and shows a toast. Returns true
 * when at least one field got a message.
 */
export function applyServerErrors<T extends FieldValues>(e: unknown, setError: UseFormSetError<T>, known: readonly Path<T>[]): boolean {
  let mapped = false;
  if (e instanceof ApiRequestError && e.fields) {
    for (const [key, message] of Object.entries(e.fields)) {
      const field = key.replace(/^body\./, '') as Path<T>;
      if (known.includes(field)) {
        setError(field, { type: 'server', message }, { shouldFocus: !mapped });
        mapped = true;
      }
    }
  }
  toast.error(errorMessage(e));
  return mapped;
}
