import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config/env';
import type { Db } from '../db/pool';
import { registerIdempotency } from './idempotency/idempotency.hook';
import { idempotencyRepo } from './idempotency/idempotency.repo';
import type { CpuPool } from '../lib/workers/cpu-pool';
import { registerMetrics, type SiteTagCollectorStats } from './metrics/metrics';
import { registerAccessControl, enforceRouteDeclarations, type BearerExtension } from './access';
import { registerErrorHandler } from './errors';
import { registerInputHygiene } from './input-hygiene';
import { registerOpenApi } from './openapi';
import { createResponseSerializerCompiler } from './response-serializer';
import { postgresRateLimitStore, sweepRateLimitCounters } from './rate-limit-store';
import { registerSecurityHeaders, thirdPartyHosts } from './security-headers';
import { OneLinePerRequest, lazyRequestLogger } from './request-logging';
import type { CallerResolver } from './request-context';

/**
 * The HTTP platform every module's routes run on (DESIGN section 5): the Fastify instance with its
 * logging, request ids and zod compilers, then the cross-cutting plugins in the order they must
 * run: security headers, shared rate-limit counters, errors, input hygiene, the rule that every
 * route declares its access and schemas, access control, idempotency, metrics and OpenAPI.
 * app.ts composes the modules on top of it.
 */
export function createHttpApp(config: AppConfig, logger: Logger): FastifyInstance {
  const app = Fastify({
    // pino's Logger is a FastifyBaseLogger; the cast keeps the instance's default generic types.
    loggerInstance: logger as FastifyBaseLogger,
    // One line per API request, when it completes; the request's logger is made only when used.
    logController: new OneLinePerRequest(),
    childLoggerFactory: lazyRequestLogger,
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 100
        ? req.headers['x-request-id']
        : randomUUID(),
    // Only configured proxies may name the client (a hop count or addresses; never "anyone").
    trustProxy:
      typeof config.TRUST_PROXY === 'number' ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number) : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Node's default keeps idle sockets 5 s; load balancers expect longer.
    keepAliveTimeout: 65_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Compiled serializers (response-serializer.ts); tests also check each answer against its zod schema.
  app.setSerializerCompiler(createResponseSerializerCompiler({ verify: config.NODE_ENV === 'test' }));
  // Set when the request arrives (errors and 404s carry it too), without a promise per response.
  app.addHook('onRequest', (req, reply, done) => {
    reply.raw.setHeader('x-request-id', req.id);
    done();
  });
  return app;
}

export interface PlatformDeps {
  config: AppConfig;
  db: Db;
  publicUrl: string;
  /** The caller of a bearer ID token (identity/caller.ts). */
  resolveCaller: CallerResolver;
  /** API keys (`pck_…` bearers) on the reporting API. */
  apiKeys: BearerExtension;
  /** The worker threads' pool, for its figures in /metrics. */
  cpuPool?: CpuPool;
  /** The site-tag collector's counts, for /metrics. */
  siteTagStats?: SiteTagCollectorStats;
  /** The embedded report store's memory in use (ReportEngine.memoryInUse), for /metrics. */
  reportStoreMemory?: () => Promise<number>;
}

export async function registerPlatform(app: FastifyInstance, deps: PlatformDeps): Promise<void> {
  const { config, db } = deps;
  registerSecurityHeaders(app, {
    extraScriptHosts: thirdPartyHosts(config),
    frameAncestors: config.IFRAME_ROOT ? [config.IFRAME_ROOT] : [],
    behindTls: deps.publicUrl.startsWith('https://'),
  });
  // Parses the refresh-token cookie (identity/refresh-cookie.ts); no signing: the value is a random secret.
  await app.register(fastifyCookie);
  // Counters in PostgreSQL: every process behind the load balancer counts against one limit.
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(db) });
  const stopRateLimitSweep = sweepRateLimitCounters(db);
  app.addHook('onClose', async () => stopRateLimitSweep());
  registerErrorHandler(app);
  registerInputHygiene(app);
  enforceRouteDeclarations(app);
  registerAccessControl(app, deps.resolveCaller, config.ADMIN_ACCESS, deps.apiKeys);
  registerIdempotency(app, { repo: idempotencyRepo(db) });
  registerMetrics(app, {
    db,
    token: config.METRICS_TOKEN,
    ...(deps.cpuPool ? { cpuPool: deps.cpuPool } : {}),
    ...(deps.siteTagStats ? { siteTagStats: deps.siteTagStats } : {}),
    ...(deps.reportStoreMemory ? { reportStoreMemory: deps.reportStoreMemory } : {}),
  });
  await registerOpenApi(app, config.PRODUCT_NAME);
}
