import type { FastifyRequest } from 'fastify';
import { API_KEY_PREFIX, type ApiKeyAccess, type CreateApiKey, type CreatedApiKey, type ReportingApiKey } from '@pc/contracts';
import type { Db } from '../../db/pool';
import type { BearerExtension } from '../../http/access';
import { forbidden, unauthorized } from '../../lib/http-error';
import { createIssuedKeyStore, hashSecret, issuedKeyDates, type IssuedKey } from '../../lib/issued-keys';
import { auditRepo } from '../audit';
import { entitlements } from '../feature-flags';
import { publisherRecords } from '../publishers';

export const MAX_API_KEYS_FLAG = 'integrations.max_api_keys';
/** The reporting API: what a key may call (the same report endpoints the web app uses). */
const REPORTING_API = '/api/partner-center/';

/** The stored SHA-256 of a key's secret (the issued-key store's, one for every kind). */
export const hashApiKey = hashSecret;

/**
 * API keys in the issued-key store (lib/issued-keys): their table, prefix, audit name and own
 * column (`access`). Revoking another publisher's key answers 403, as the reporting API's key
 * endpoints always have (feed keys answer 404, the store's default).
 */
const apiKeys = createIssuedKeyStore<{ access: ApiKeyAccess }>(
  {
    table: 'api_keys',
    secretPrefix: API_KEY_PREFIX,
    noun: 'API key',
    audit: 'api_key',
    extraColumns: ['access'],
    othersKey: () => forbidden('This API key belongs to another publisher.'),
  },
  { lockPublisher: (trx, publisherId) => publisherRecords(trx).lock(publisherId), audit: (trx, e) => auditRepo(trx).record(e) },
);

const toDto = (r: IssuedKey<{ access: ApiKeyAccess }>): ReportingApiKey => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  access: r.access,
  // API keys always have a creator (NOT NULL in migration 0072).
  createdBy: r.created_by_email!,
  ...issuedKeyDates(r),
});

/** Creating a report export or e-mail job is a write; running a report or downloading one is a read. */
function isWrite(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return true;
  const q = (req.query ?? {}) as Record<string, unknown>;
  const url = new URL(req.url, 'http://x');
  const param = (k: string) => q[k] ?? url.searchParams.get(k);
  return param('emailReportOutput') === 'true' || (param('exportReportToFile') === 'true' && !param('reportId'));
}

/** Whether a user's scope ('ALL' or '1001,1003') still includes the publisher. */
export const creatorCovers = (scope: string, publisherId: string): boolean =>
  scope.trim() === 'ALL' ||
  scope
    .split(',')
    .map((s) => s.trim())
    .includes(publisherId);

export function createApiKeysService(db: Db) {
  return {
    list: async (publisherId: string) => (await apiKeys.list(db, publisherId)).map(toDto),

    /** The secret is returned here only; the database keeps its SHA-256. */
    async create(actor: string, publisherId: string, input: CreateApiKey): Promise<CreatedApiKey> {
      const { key, secret } = await apiKeys.issue(db, {
        actor,
        publisherId,
        name: input.name,
        extra: { access: input.access },
        // The plan's limit (entitlements), checked by the store under the publisher's row lock.
        assertBelowLimit: async (trx, active) => {
          await entitlements(trx).assertBelowLimit(publisherId, MAX_API_KEYS_FLAG, active, {
            thing: 'active API key',
            remedy: 'Revoke one you no longer use',
            fallback: 5,
          });
        },
      });
      return { key: toDto(key), secret };
    },

    revoke: async (actor: string, publisherId: string, id: string): Promise<ReportingApiKey> =>
      toDto(await apiKeys.revoke(db, { actor, publisherId, id })),

    /** Bearer `pck_…`: the key's publisher and creator, only on the reporting API, writes only with read-write. */
    bearer(): BearerExtension {
      return {
        matches: (b) => apiKeys.isOwnBearer(b),
        async authenticate(req, secret, access) {
          const key = await apiKeys.verify(db, secret);
          if (!key || key.creator_disabled !== false) throw unauthorized('This API key is invalid or revoked.', 'InvalidApiKey');
          // A key acts as its creator: it stops when the creator no longer has this publisher (the
          // scope was narrowed) and when the creator is disabled (above), checked on every call.
          if (!creatorCovers(key.creator_scope ?? '', key.publisher_id))
            throw unauthorized(
              'This API key no longer works: the user who created it has lost access to this publisher. Create a new key.',
              'InvalidApiKey',
            );
          const path = req.url.split('?')[0]!;
          if (!path.startsWith(REPORTING_API) || (access !== 'publisher' && access !== 'signedIn'))
            throw forbidden(`API keys can call the reporting API only (${REPORTING_API}…).`);
          if (key.access === 'read' && isWrite(req))
            throw forbidden('This API key is read-only; create a read-write key to export or e-mail reports.');
          const header = req.headers['publisher-scope'];
          if (typeof header === 'string' && header !== '' && header !== key.publisher_id) throw forbidden();
          req.auth = {
            uid: key.created_by!,
            email: key.creator_email!,
            scope: { type: 'external_single', publisherId: key.publisher_id },
            authTime: 0,
          };
          req.publisherId = key.publisher_id;
          await apiKeys.markUsed(db, key.id);
        },
      };
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
