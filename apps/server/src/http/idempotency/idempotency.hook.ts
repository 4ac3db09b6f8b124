import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, badRequest } from '../../lib/http-error';
import { commitWithEveryTransaction, withCommitScope } from '../../db/transaction';
import { idempotencyRepo, type IdempotencyRepo } from './idempotency.repo';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request claimed an Idempotency-Key; its answer is stored in onSend. */
    idempotency: { userId: string; key: string } | null;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Printable ASCII, as the IETF draft's header value and Stripe's keys; UUIDs fit easily. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyOptions {
  repo: IdempotencyRepo;
  /** How long a repeat waits for the first request (still running) to answer before giving up. */
  waitMs?: number;
  /** A claim older than this without an answer belongs to a process that died; it is taken over. */
  staleSeconds?: number;
}

function fingerprintOf(req: FastifyRequest): string {
  return createHash('sha256')
    .update(`${req.method} ${req.url}\n${req.publisherId ?? ''}\n${JSON.stringify(req.body ?? null)}`)
    .digest('hex');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The server half of the spec's "one retry" for writes: a signed-in write that
 * carries `Idempotency-Key` is run once per user and key; a repeat gets the first answer back
 * (header `Idempotent-Replayed: true`) and writes nothing. The key lives in PostgreSQL, so a retry
 * that lands on another server process is recognised too. A 5xx is not kept (the write did not
 * happen, or not wholly: the services commit each write in one transaction), so a retry runs again.
 * Reusing a key for a different request is 422; a repeat while the first still runs waits for it,
 * then answers 409 (IETF draft-ietf-httpapi-idempotency-key-header).
 *
 * The answer is stored after the response is built, which is after the write's transaction has
 * committed. So that a process dying in between cannot let a retry write again, the claim is marked
 * inside the write's own transaction (every `inTransaction` of the request, db/transaction.ts): a
 * marked claim is never taken over as abandoned and never freed by a later 5xx; a retry whose
 * first answer was lost gets 409 IdempotentWriteDone ("already carried out") instead of a second write.
 */
export function registerIdempotency(app: FastifyInstance, opts: IdempotencyOptions): void {
  const { repo } = opts;
  const waitMs = opts.waitMs ?? 10_000;
  const staleSeconds = opts.staleSeconds ?? 120;
  app.decorateRequest('idempotency', null);
  // Only write routes get these hooks, added once per route (onRoute): reads run none of them. The
  // commit scope is entered only by a write that carries a key (the one kind of request that adds
  // commit work): on Node 20, AsyncLocalStorage turns on promise hooks for the whole process once used.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => WRITES.has(m))) return;
    route.onRequest = [commitScope, ...hooksOf(route.onRequest)];
    route.preHandler = [claim, ...hooksOf(route.preHandler)];
    route.onSend = [keepAnswer, ...hooksOf(route.onSend)];
  });

  // Callback style: the route's handler runs inside the scope, so its transactions see the claim.
  function commitScope(req: FastifyRequest, _reply: FastifyReply, done: () => void) {
    if (req.headers['idempotency-key'] === undefined) done();
    else withCommitScope(() => done());
  }

  async function claim(req: FastifyRequest, reply: FastifyReply) {
    const header = req.headers['idempotency-key'];
    if (header === undefined || !WRITES.has(req.method) || !req.url.startsWith('/api/') || !req.auth) return;
    // Identity answers carry tokens: they are never stored, so those calls are not deduplicated.
    if (req.url.startsWith('/api/identity/')) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_PATTERN.test(key)) {
      throw badRequest('The Idempotency-Key header must be 1 to 255 printable characters.', {
        'Idempotency-Key': 'Use 1 to 255 printable characters, e.g. a UUID.',
      });
    }
    const userId = req.auth.uid;
    const fingerprint = fingerprintOf(req);
    // Occasionally drop answers older than a day, so the table stays small without a scheduler.
    if (Math.random() < 0.01) void repo.pruneExpired().catch((err) => req.log.warn({ err }, 'idempotency prune failed'));

    const deadline = Date.now() + waitMs;
    for (;;) {
      if (await repo.claim(userId, key, fingerprint, staleSeconds)) {
        req.idempotency = { userId, key };
        commitWithEveryTransaction((trx) => idempotencyRepo(trx).markWriteCommitted(userId, key));
        return;
      }
      const stored = await repo.find(userId, key);
      if (stored && stored.fingerprint !== fingerprint) {
        throw new HttpError(422, 'This Idempotency-Key was already used for a different request.', 'IdempotencyKeyReused');
      }
      if (stored?.statusCode != null) {
        reply.header('idempotent-replayed', 'true');
        if (stored.contentType) reply.header('content-type', stored.contentType);
        return reply.code(stored.statusCode).send(stored.body ?? Buffer.alloc(0));
      }
      if (stored?.writeCommitted && Date.now() - stored.createdAt.getTime() > staleSeconds * 1000) {
        // Its process died after the write committed and before the answer was kept.
        throw new HttpError(
          409,
          'This request was already carried out, but its answer was not kept. Reload the page to see the result.',
          'IdempotentWriteDone',
        );
      }
      if (Date.now() >= deadline) {
        throw new HttpError(409, 'The same request is still being processed. Try again in a moment.', 'IdempotencyKeyInProgress');
      }
      await sleep(100);
    }
  }

  async function keepAnswer(req: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const claim = req.idempotency;
    if (!claim) return payload;
    req.idempotency = null;
    try {
      const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
      // Nothing to replay faithfully (a failure, or a streamed file): the key is freed instead,
      // unless the write committed: then a failure's answer is kept and replayed, never run twice.
      const freed = reply.statusCode >= 500 || body === null ? await repo.release(claim.userId, claim.key) : false;
      if (!freed && body !== null) {
        const type = reply.getHeader('content-type');
        await repo.complete(claim.userId, claim.key, {
          statusCode: reply.statusCode,
          contentType: typeof type === 'string' ? type : null,
          body,
        });
      }
    } catch (err) {
      // The write itself succeeded; failing to keep its answer only weakens a later retry.
      req.log.error({ err }, 'could not store the Idempotency-Key answer');
    }
    return payload;
  }
}

/** A route option's hooks (one function, a list or none) as a list. */
const hooksOf = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);
