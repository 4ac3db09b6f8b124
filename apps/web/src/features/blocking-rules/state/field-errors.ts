/**
 * The API's `fields` map on the form's inputs: `values.3` and `values.7` both belong to the values
 * box, so their messages are joined there (each message names its value) rather than one hiding
 * the other.
 */
export function formFieldErrors(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = key.split('.')[0]!;
    out[field] = out[field] ? `${out[field]} ${message}` : message;
  }
  return out;
}
