import { createHash, randomBytes } from 'node:crypto';
import { FEED_KEY_PREFIX, type CreatedFeedKey, type CreateFeedKey, type FeedKey } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/http-error';
import { auditRepo } from '../audit/audit.repo';
import { feedKeysRepo } from './feed-keys.repo';
import { tokenMatches } from './serving-feed';
import { publisherRecords } from '../publishers';

/** A publisher rarely runs more than a few ad servers; a bound keeps a leaked session from minting many. */
export const MAX_FEED_KEYS = 10;

const hashKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof feedKeysRepo>['get']>>>;
const toDto = (r: Row): FeedKey => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  createdBy: r.created_by_email,
  createdAt: r.created_at.toISOString(),
  lastUsedAt: r.last_used_at?.toISOString() ?? null,
  revokedAt: r.revoked_at?.toISOString() ?? null,
});

export function createFeedKeysService(deps: { db: Db; providerToken: string | null }) {
  const { db } = deps;
  const repo = feedKeysRepo(db);
  return {
    list: async (publisherId: string): Promise<FeedKey[]> => (await repo.list(publisherId)).map(toDto),

    /** The secret is returned here only; the database keeps its SHA-256. */
    async create(actor: string, publisherId: string, input: CreateFeedKey): Promise<CreatedFeedKey> {
      return inTransaction(db, async (trx) => {
        const r = feedKeysRepo(trx);
        await publisherRecords(trx).lock(publisherId);
        if ((await r.countActive(publisherId)) >= MAX_FEED_KEYS)
          throw forbidden(`A publisher may keep ${MAX_FEED_KEYS} active feed keys. Revoke one you no longer use first.`);
        const secret = `${FEED_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
        const name = input.name.trim();
        const id = await r.insert({ publisherId, name, prefix: secret.slice(0, 12), hash: hashKey(secret), by: actor });
        await auditRepo(trx).record({ actorUserId: actor, publisherId, action: 'blocking_feed_key.create', details: { id, name } });
        return { key: toDto((await r.get(publisherId, id))!), secret };
      });
    },

    async revoke(actor: string, publisherId: string, id: string): Promise<FeedKey> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('No such feed key.');
      return inTransaction(db, async (trx) => {
        const r = feedKeysRepo(trx);
        const key = await r.get(publisherId, id);
        if (!key) throw notFound('No such feed key.');
        if (!(await r.revoke(publisherId, id, actor))) throw notFound('This feed key is revoked already.');
        await auditRepo(trx).record({
          actorUserId: actor,
          publisherId,
          action: 'blocking_feed_key.revoke',
          details: { id, name: key.name },
        });
        return toDto((await r.get(publisherId, id))!);
      });
    },

    /**
     * Which publisher's feed a bearer may read. A publisher's feed key reads its own feed (a
     * `publisherId` naming another publisher is 403); the provider service token reads any
     * publisher's feed and must name it.
     */
    async feedPublisher(bearer: string | undefined, requested: string | undefined): Promise<string> {
      if (bearer?.startsWith(FEED_KEY_PREFIX)) {
        const publisherId = await repo.use(hashKey(bearer));
        if (!publisherId) throw unauthorized('This feed key is unknown or revoked.', 'InvalidFeedToken');
        if (requested !== undefined && requested !== publisherId) throw forbidden("This feed key reads its own publisher's rules only.");
        return publisherId;
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
