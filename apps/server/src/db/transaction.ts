import type { Db } from './pool';

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
  return db.transaction().execute((trx) => work(trx));
}
