import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-error';

const NOT_ALLOWED = 'Contains a character that is not allowed (a NUL byte or a broken Unicode character).';
// NUL (PostgreSQL text cannot hold it) and UTF-16 surrogates that are not part of a pair.
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const BAD = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path (dotted) of the first string in `value` that holds a character no route accepts. */
function findBad(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return BAD.test(value) ? path : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  // A streamed file (an endpoint that `consumes` one) is the handler's to read; its parser refuses NUL bytes itself.
  if (typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  for (const [k, v] of Object.entries(value)) {
    if (BAD.test(k)) return path ? `${path}.${k}` : k;
    const hit = findBad(v, path ? `${path}.${k}` : k, depth + 1);
    if (hit) return hit;
  }
  return null;
}

/**
 * One rule for every route: NUL bytes and lone surrogates in the path, query or
 * body are a 400 with a `fields` entry, before any schema or SQL sees them (they used to reach
 * PostgreSQL and come back as 500s).
 */
export function registerInputHygiene(app: FastifyInstance): void {
  // Synchronous (a callback, not a promise per request).
  app.addHook('preValidation', (req, _reply, done) => {
    const field = findBad(req.params, '') ?? findBad(req.query, '') ?? findBad(req.body, '');
    if (field !== null) return done(new HttpError(400, NOT_ALLOWED, 'ValidationError', { [field || 'request']: NOT_ALLOWED }));
    done();
  });
}
