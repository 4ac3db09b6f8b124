import { FEED_KEY_PREFIX, type CreatedFeedKey, type CreateFeedKey, type FeedKey } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { badRequest, forbidden, unauthorized } from '../../lib/http-error';
import { createIssuedKeyStore, issuedKeyDates, type IssuedKey } from '../../lib/issued-keys';
import { auditRepo } from '../audit';
import { publisherRecords } from '../publishers';
import { tokenMatches } from './serving-feed';

/** A publisher rarely runs more than a few ad servers; a bound keeps a leaked session from minting many. */
export const MAX_FEED_KEYS = 10;

/** Feed keys in the issued-key store (lib/issued-keys): their table, prefix, limit and audit name. */
const feedKeys = createIssuedKeyStore(
  { table: 'blocking_feed_keys', secretPrefix: FEED_KEY_PREFIX, noun: 'feed key', audit: 'blocking_feed_key', extraColumns: [] },
  { lockPublisher: (trx, publisherId) => publisherRecords(trx).lock(publisherId), audit: (trx, e) => auditRepo(trx).record(e) },
);

const toDto = (r: IssuedKey<object>): FeedKey => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  createdBy: r.created_by_email,
  ...issuedKeyDates(r),
});

async function belowLimit(_trx: Db, active: number): Promise<void> {
  if (active >= MAX_FEED_KEYS)
    throw forbidden(`A publisher may keep ${MAX_FEED_KEYS} active feed keys. Revoke one you no longer use first.`);
}

export function createFeedKeysService(deps: { db: Db; providerToken: string | null }) {
  const { db } = deps;
  return {
    list: async (publisherId: string): Promise<FeedKey[]> => (await feedKeys.list(db, publisherId)).map(toDto),

    /** The secret is returned here only; the database keeps its SHA-256. */
    async create(actor: string, publisherId: string, input: CreateFeedKey): Promise<CreatedFeedKey> {
      const name = input.name.trim();
      const { key, secret } = await feedKeys.issue(db, { actor, publisherId, name, extra: {}, assertBelowLimit: belowLimit });
      return { key: toDto(key), secret };
    },

    /** Another publisher's key is answered as unknown (the store's default). */
    revoke: async (actor: string, publisherId: string, id: string): Promise<FeedKey> =>
      toDto(await feedKeys.revoke(db, { actor, publisherId, id })),

    /**
     * Which publisher's feed a bearer may read. A publisher's feed key reads its own feed (a
     * `publisherId` naming another publisher is 403); the provider service token reads any
     * publisher's feed and must name it.
     */
    async feedPublisher(bearer: string | undefined, requested: string | undefined): Promise<string> {
      if (feedKeys.isOwnBearer(bearer)) {
        const key = await feedKeys.verify(db, bearer);
        if (!key) throw unauthorized('This feed key is unknown or revoked.', 'InvalidFeedToken');
        // Marked used before the scope check, as a poll with a wrong publisher still came from this key.
        await feedKeys.markUsed(db, key.id);
        if (requested !== undefined && requested !== key.publisher_id)
          throw forbidden("This feed key reads its own publisher's rules only.");
        return key.publisher_id;
      }
      if (!tokenMatches(bearer, deps.providerToken))
        throw unauthorized('A publisher feed key or the provider service token is required.', 'InvalidFeedToken');
      if (requested === undefined)
        throw badRequest('Name the publisher whose rules to read.', { publisherId: 'Required with the provider token.' });
      return requested;
    },
  };
}
export type FeedKeysService = ReturnType<typeof createFeedKeysService>;
