import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error';

/** `/body/email` or `/email` -> `email`; nested paths keep dots (`company.name`). */
function fieldKey(instancePath: string): string {
  return (
    instancePath
      .replace(/^\/(body|querystring|params|headers)?\/?/, '')
      .split('/')
      .filter(Boolean)
      .join('.') || 'request'
  );
}

/** `Key (lower(email))=(a@b.c) already exists.` -> ['email']; `Key (publisher_id, domain)=...` -> ['publisherId', 'domain']. */
export function uniqueViolationColumns(detail: unknown): string[] {
  const m = typeof detail === 'string' ? /^Key \((.+?)\)=\(/.exec(detail) : null;
  if (!m) return [];
  return m[1]!
    .split(',')
    .map((part) => /([a-z_][a-z0-9_]*)(?:::\w+)?\)*\s*$/i.exec(part.trim())?.[1] ?? '')
    .filter(Boolean)
    .map((c) => c.replace(/_([a-z0-9])/g, (_x, ch: string) => ch.toUpperCase()));
}

const camel = (c: string) => c.replace(/_([a-z0-9])/g, (_x, ch: string) => ch.toUpperCase());

/** `feature_flags_key_check` on table `feature_flags` -> `key`; the column a CHECK constraint guards, camel-cased. */
export function checkConstraintColumn(table: unknown, constraint: unknown): string | null {
  if (typeof constraint !== 'string') return null;
  const bare = typeof table === 'string' && constraint.startsWith(`${table}_`) ? constraint.slice(table.length + 1) : constraint;
  const col = bare.replace(/_(check|excl)\d*$/, '');
  return /^[a-z_][a-z0-9_]*$/.test(col) ? camel(col) : null;
}

/**
 * The integrity-constraint classes (SQLSTATE 23xxx) as the caller's mistake, with the column in
 * `fields`: a reference to a row that does not exist (23503 on insert/update) and a missing (23502)
 * or out-of-rule (23514) value are 400; a row still referenced (23503 on delete), a unique (23505)
 * or exclusion (23P01) clash are 409. null for any other error.
 */
export function constraintError(err: {
  code?: unknown;
  detail?: unknown;
  column?: unknown;
  table?: unknown;
  constraint?: unknown;
}): { status: 400 | 409; message: string; fields: Record<string, string> } | null {
  const cols = (names: string[], msg: string) => (names.length ? Object.fromEntries(names.map((c) => [c, msg])) : { request: msg });
  switch (err.code) {
    case '23503': {
      const stillUsed = typeof err.detail === 'string' && /is still referenced/.test(err.detail);
      const msg = stillUsed
        ? 'This is still in use elsewhere; remove what uses it first.'
        : 'Nothing with this id exists. Check the value and try again.';
      return { status: stillUsed ? 409 : 400, message: msg, fields: cols(uniqueViolationColumns(err.detail), msg) };
    }
    case '23502': {
      const msg = 'This value is required.';
      return { status: 400, message: msg, fields: cols(typeof err.column === 'string' ? [camel(err.column)] : [], msg) };
    }
    case '23514': {
      const msg = 'This value is not allowed here. Check it and try again.';
      const col = checkConstraintColumn(err.table, err.constraint);
      return { status: 400, message: msg, fields: cols(col ? [col] : [], msg) };
    }
    case '23505':
    case '23P01': {
      // Two requests raced for the same unique value (e.g. two accounts taking one e-mail): the loser
      // gets 409 naming the field, taken from PostgreSQL's "Key (lower(email))=(...)" detail.
      const msg = 'This is already taken (someone may have just used it). Choose another value.';
      return { status: 409, message: msg, fields: cols(uniqueViolationColumns(err.detail), msg) };
    }
    default:
      return null;
  }
}

/**
 * One error shape `{message, name, fields?}`. Validation failures become 400 with a `fields` map
 * whose messages are the schema's own (the spec's texts); 5xx answers never carry internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ message: err.message, name: err.name, ...(err.fields ? { fields: err.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const key = fieldKey(v.instancePath);
        fields[key] ??= v.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? 'Invalid request.';
      return reply.status(400).send({ message: first, name: 'ValidationError', fields });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Something went wrong on our side. Try again in a moment.', name: 'InternalError' });
    }
    // A value PostgreSQL refuses (SQLSTATE class 22: bad encoding, out of range, bad date) is bad
    // input, and a unique violation (23505) a conflict: never a 500 for what the caller sent.
    const sqlState = (err as { code?: unknown }).code;
    if (!err.statusCode && typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState)) {
      req.log.warn({ err: err.message, sqlState }, 'database refused a value');
      const msg = 'A value in the request cannot be stored. Check it and try again.';
      return reply.status(400).send({ message: msg, name: 'ValidationError', fields: { request: msg } });
    }
    const constraint = err.statusCode ? null : constraintError(err as Parameters<typeof constraintError>[0]);
    if (constraint) {
      req.log.warn({ err: err.message, sqlState }, 'database constraint refused the request');
      const name = constraint.status === 409 ? 'Conflict' : 'ValidationError';
      return reply.status(constraint.status).send({ message: constraint.message, name, fields: constraint.fields });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ message: 'Something went wrong on our side. Try again in a moment.', name: 'InternalError' });
    }
    if (status === 413) {
      return reply.status(413).send({
        message: 'The request is too large for this endpoint. Send a smaller file or split the change.',
        name: 'PayloadTooLarge',
      });
    }
    if (status === 429) return reply.status(429).send({ message: 'Too many attempts. Try again in a minute.', name: 'TooManyRequests' });
    // Client errors raised by Fastify itself (bad JSON, body too large, unsupported media type).
    return reply.status(status).send({ message: err.message, name: err.code ?? 'BadRequest' });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ message: `No route for ${req.method} ${req.url.split('?')[0]}`, name: 'NotFound' });
  });
}
