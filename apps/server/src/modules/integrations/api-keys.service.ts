import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { API_KEY_PREFIX, type CreateApiKey, type CreatedApiKey, type ReportingApiKey } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { inTransaction } from '../../db/transaction';
import type { BearerExtension } from '../../http/access';
import { forbidden, notFound, unauthorized } from '../../lib/http-error';
import { auditRepo } from '../audit/audit.repo';
import { entitlements } from '../feature-flags';
import { apiKeysRepo } from './api-keys.repo';
import { publisherRecords } from '../publishers';

export const MAX_API_KEYS_FLAG = 'integrations.max_api_keys';
/** The reporting API: what a key may call (the same report endpoints the web app uses). */
const REPORTING_API = '/api/partner-center/';

export const hashApiKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof apiKeysRepo>['get']>>>;
const toDto = (r: Row): ReportingApiKey => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  access: r.access,
  createdBy: r.created_by_email,
  createdAt: r.created_at.toISOString(),
  lastUsedAt: r.last_used_at?.toISOString() ?? null,
  revokedAt: r.revoked_at?.toISOString() ?? null,
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
  const repo = apiKeysRepo(db);
  return {
    list: async (publisherId: string) => (await repo.list(publisherId)).map(toDto),

    /** The secret is returned here only; the database keeps its SHA-256. */
    async create(actor: string, publisherId: string, input: CreateApiKey): Promise<CreatedApiKey> {
      return inTransaction(db, async (trx) => {
        const r = apiKeysRepo(trx);
        // Serialise creations per publisher so two at once cannot pass the limit together.
        await publisherRecords(trx).lock(publisherId);
        await entitlements(trx).assertBelowLimit(publisherId, MAX_API_KEYS_FLAG, await r.countActive(publisherId), {
          thing: 'active API key',
          remedy: 'Revoke one you no longer use',
          fallback: 5,
        });
        const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
        const id = await r.insert({
          publisherId,
          name: input.name,
          prefix: secret.slice(0, 12),
          hash: hashApiKey(secret),
          access: input.access,
          by: actor,
        });
        await auditRepo(trx).record({
          actorUserId: actor,
          publisherId,
          action: 'api_key.create',
          details: { id, name: input.name, access: input.access },
        });
        return { key: toDto((await r.get(id))!), secret };
      });
    },

    async revoke(actor: string, publisherId: string, id: string): Promise<ReportingApiKey> {
      if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('No such API key.');
      return inTransaction(db, async (trx) => {
        const r = apiKeysRepo(trx);
        const key = await r.get(id);
        if (!key) throw notFound('No such API key.');
        if (key.publisher_id !== publisherId) throw forbidden('This API key belongs to another publisher.');
        if (!(await r.revoke(id, actor))) throw notFound('This API key is revoked already.');
        await auditRepo(trx).record({ actorUserId: actor, publisherId, action: 'api_key.revoke', details: { id, name: key.name } });
        return toDto((await r.get(id))!);
      });
    },

    /** Bearer `pck_…`: the key's publisher and creator, only on the reporting API, writes only with read-write. */
    bearer(): BearerExtension {
      return {
        matches: (b) => b.startsWith(API_KEY_PREFIX),
        async authenticate(req, secret, access) {
          const key = await repo.byHash(hashApiKey(secret));
          if (!key || key.disabled) throw unauthorized('This API key is invalid or revoked.', 'InvalidApiKey');
          // A key acts as its creator: it stops when the creator no longer has this publisher (the
          // scope was narrowed) and when the creator is disabled (above), checked on every call.
          if (!creatorCovers(key.publisher_scope, key.publisher_id))
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
            uid: key.created_by,
            email: key.email,
            scope: { type: 'external_single', publisherId: key.publisher_id },
            authTime: 0,
          };
          req.publisherId = key.publisher_id;
          await repo.touch(key.id);
        },
      };
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
