import type { FieldErrors } from '../../lib/use-plain-form';

/** The first message per top-level field of a failed safeParse (required before invalid). */
export function firstMessages<F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: readonly F[],
) {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const key = issue.path[0];
    const field = fields.find((f) => f === key);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
