import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import { notFound, type HttpError } from '../http-error';
import { issuedKeysRepo, type IssuedKeyRow, type IssuedKeyTable, type LiveKeyRow } from './issued-keys.repo';

/**
 * One home for keys the product issues to machines (the reporting API's `pck_…` keys, the serving
 * feed's `pcf_…` keys): how a secret is made, what is kept of it (its SHA-256 and a 12-character
 * prefix to recognise it by), the per-publisher limit checked under the publisher's row lock, the
 * audit rows, revocation and the look-up of a presented secret. It lives in lib/ because two areas
 * use it and neither owns it; lib/ imports no module, so the publisher lock and the audit writer
 * come in as `IssuedKeyDeps` (each area passes the publishers and audit modules' own). What stays
 * in an area is what is its: its table and prefix, its limit, who may revoke, and what a key may do.
 */
export interface IssuedKeyKind<Extra extends Record<string, string>> {
  table: IssuedKeyTable;
  /** What every secret starts with: how a bearer is told apart from other credentials. */
  secretPrefix: string;
  /** In messages: 'API key', 'feed key'. */
  noun: string;
  /** Audit actions are `<audit>.create` and `<audit>.revoke`. */
  audit: string;
  /** The kind's own columns, stored on creation and returned with every key (they go in the create audit too). */
  extraColumns: readonly (keyof Extra & string)[];
  /**
   * The refusal when a publisher revokes another publisher's key; without it such a key is
   * answered as unknown (404), so a caller learns nothing of other publishers' keys.
   */
  othersKey?: () => HttpError;
}

export interface IssuedKeyDeps {
  /** Serialises a publisher's creations, so two at once cannot both pass the limit (publishers' row lock). */
  lockPublisher: (trx: Db, publisherId: string) => Promise<void>;
  /** Writes an audit row in the same transaction. */
  audit: (trx: Db, e: { actorUserId: string; publisherId: string; action: string; details: Record<string, unknown> }) => Promise<void>;
}

export type IssuedKey<Extra> = IssuedKeyRow & Extra;
export type LiveKey<Extra> = LiveKeyRow & Extra;

/** A key's secret is `<prefix><43 base64url characters>` (32 random bytes); only its hash is stored. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
export const newSecret = (secretPrefix: string): string => `${secretPrefix}${randomBytes(32).toString('base64url')}`;
/** What is kept to tell keys apart in lists: long enough to recognise, far too short to guess the rest from. */
export const shownPrefix = (secret: string): string => secret.slice(0, 12);

/** The dates of a key as the API shows them (ISO strings; null while never used or not revoked). */
export const issuedKeyDates = (r: IssuedKeyRow) => ({
  createdAt: r.created_at.toISOString(),
  lastUsedAt: r.last_used_at?.toISOString() ?? null,
  revokedAt: r.revoked_at?.toISOString() ?? null,
});

const UUID = /^[0-9a-f-]{36}$/i;

export function createIssuedKeyStore<Extra extends Record<string, string> = Record<never, string>>(
  kind: IssuedKeyKind<Extra>,
  deps: IssuedKeyDeps,
) {
  const repo = (db: Db) => issuedKeysRepo<Extra>(db, kind.table, kind.extraColumns);
  return {
    list: (db: Db, publisherId: string): Promise<IssuedKey<Extra>[]> => repo(db).list(publisherId),

    /**
     * Issues a key: checks the limit under the publisher's lock, stores the hash and prefix and
     * audits it, all in one transaction. The secret is returned here only.
     */
    async issue(
      db: Db,
      v: {
        actor: string;
        publisherId: string;
        name: string;
        extra: Extra;
        /** Throws when `active` keys are as many as the publisher may keep. */
        assertBelowLimit: (trx: Db, active: number) => Promise<void>;
      },
    ): Promise<{ key: IssuedKey<Extra>; secret: string }> {
      return inTransaction(db, async (trx) => {
        const r = repo(trx);
        await deps.lockPublisher(trx, v.publisherId);
        await v.assertBelowLimit(trx, await r.countActive(v.publisherId));
        const secret = newSecret(kind.secretPrefix);
        const extra = v.extra;
        const id = await r.insert({
          publisherId: v.publisherId,
          name: v.name,
          prefix: shownPrefix(secret),
          hash: hashSecret(secret),
          by: v.actor,
          extra,
        });
        await deps.audit(trx, {
          actorUserId: v.actor,
          publisherId: v.publisherId,
          action: `${kind.audit}.create`,
          details: { id, name: v.name, ...extra },
        });
        return { key: (await r.get(id))!, secret };
      });
    },

    /** Revokes a key of this publisher (once) and audits it. */
    async revoke(db: Db, v: { actor: string; publisherId: string; id: string }): Promise<IssuedKey<Extra>> {
      const unknown = () => notFound(`No such ${kind.noun}.`);
      if (!UUID.test(v.id)) throw unknown();
      return inTransaction(db, async (trx) => {
        const r = repo(trx);
        const key = await r.get(v.id);
        if (!key) throw unknown();
        if (key.publisher_id !== v.publisherId) throw kind.othersKey?.() ?? unknown();
        if (!(await r.revoke(v.id, v.actor))) throw notFound(`This ${kind.noun} is revoked already.`);
        await deps.audit(trx, {
          actorUserId: v.actor,
          publisherId: v.publisherId,
          action: `${kind.audit}.revoke`,
          details: { id: v.id, name: key.name },
        });
        return (await r.get(v.id))!;
      });
    },

    /** Whether a bearer is of this kind (by its prefix), before any look-up. */
    isOwnBearer: (bearer: string | undefined): bearer is string => bearer?.startsWith(kind.secretPrefix) ?? false,

    /** The live key a presented secret is, with its creator; undefined when unknown or revoked. */
    verify: (db: Db, secret: string): Promise<LiveKey<Extra> | undefined> => repo(db).live(hashSecret(secret)),

    /** Records that a key was used (at most once a minute per key). */
    markUsed: (db: Db, id: string): Promise<void> => repo(db).touch(id),
  };
}
export type IssuedKeyStore<Extra extends Record<string, string>> = ReturnType<typeof createIssuedKeyStore<Extra>>;
