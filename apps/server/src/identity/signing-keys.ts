import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/pool';

export const TOKEN_ALG = 'EdDSA';

export interface SigningKeySet {
  kid: string;
  privateKey: CryptoKey;
  /** The public keys of every non-retired key: what /.well-known/jwks.json publishes. */
  jwks: { keys: JWK[] };
}

/**
 * Loads the newest signing key, creating one on first start. Keys live in the database so every
 * server process signs with the same key and tokens survive restarts.
 */
export async function loadSigningKeys(db: Db): Promise<SigningKeySet> {
  let rows = await db.selectFrom('signing_keys').selectAll().where('retired_at', 'is', null).orderBy('created_at', 'desc').execute();
  if (rows.length === 0) {
    await db
      .insertInto('signing_keys')
      .values(await newSigningKeyRow())
      .onConflict((oc) => oc.doNothing())
      .execute();
    rows = await db.selectFrom('signing_keys').selectAll().where('retired_at', 'is', null).orderBy('created_at', 'desc').execute();
  }
  const newest = rows[0]!;
  const privateKey = (await importJWK(newest.private_jwk as JWK, TOKEN_ALG)) as CryptoKey;
  return {
    kid: newest.kid,
    privateKey,
    jwks: { keys: rows.map((r) => ({ ...(r.public_jwk as JWK), kid: r.kid, alg: TOKEN_ALG, use: 'sig' })) },
  };
}

/**
 * Key rotation (`npm run cli -- rotate-signing-key`): adds a new key, which becomes the signing key
 * of every process started afterwards; older keys stay published so tokens they signed still verify.
 * Returns the new kid.
 */
export async function rotateSigningKey(db: Db): Promise<string> {
  const row = await newSigningKeyRow();
  await db.insertInto('signing_keys').values(row).execute();
  return row.kid;
}

/** A fresh Ed25519 key pair as a `signing_keys` row: the first key on first start and every rotated one. */
async function newSigningKeyRow() {
  const { publicKey, privateKey } = await generateKeyPair(TOKEN_ALG, { crv: 'Ed25519', extractable: true });
  return {
    kid: randomUUID(),
    alg: TOKEN_ALG,
    public_jwk: JSON.stringify(await exportJWK(publicKey)),
    private_jwk: JSON.stringify(await exportJWK(privateKey)),
    retired_at: null,
  };
}

/**
 * Second step (`retire-signing-keys`), once every process runs on the new key and the ID token
 * lifetime has passed: every key but the newest stops being published and trusted. Returns how many.
 */
export async function retireOlderSigningKeys(db: Db): Promise<number> {
  const newest = await db
    .selectFrom('signing_keys')
    .select('kid')
    .where('retired_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!newest) return 0;
  const r = await db
    .updateTable('signing_keys')
    .set({ retired_at: new Date() })
    .where('retired_at', 'is', null)
    .where('kid', '!=', newest.kid)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
