import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './pool';

/** Work that must commit with every transaction a request starts (see `commitWithEveryTransaction`). */
type BeforeCommit = (trx: Db) => Promise<void>;
const commitScope = new AsyncLocalStorage<BeforeCommit[]>();

/**
 * Runs `work` in one PostgreSQL transaction and hands it the transaction as a `Db`, so the same
 * repository factories (`fooRepo(trx)`), the audit helper (`auditRepo(trx)`) and the job queue
 * (`jobs.enqueue(..., { db: trx })`) all write through it: a business write, its audit row and the
 * job it queues commit together or not at all (a transactional outbox). Called inside a
 * transaction it joins that one instead of nesting, so services compose.
 *
 * Pattern (docs/architecture.md, "Transactions"):
 *   routes -> service: inTransaction(db, async (trx) => { repo(trx)...; auditRepo(trx)...; jobs.enqueue(q, p, { db: trx }) })
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(async (trx) => {
    const result = await work(trx);
    // Last, so they see the write's outcome and commit with it (or roll back with it).
    for (const hook of commitScope.getStore() ?? []) await hook(trx);
    return result;
  });
}

/**
 * Runs `fn` in a scope in which `commitWithEveryTransaction` can add work to every transaction
 * that `inTransaction` starts later in the same asynchronous flow (a request: http/idempotency).
 */
export function withCommitScope<T>(fn: () => T): T {
  return commitScope.run([], fn);
}

/**
 * Adds `hook` to every transaction started from now on in the current commit scope, inside it,
 * just before it commits. False when there is no scope (the caller is not inside withCommitScope).
 */
export function commitWithEveryTransaction(hook: BeforeCommit): boolean {
  const hooks = commitScope.getStore();
  if (!hooks) return false;
  hooks.push(hook);
  return true;
}
