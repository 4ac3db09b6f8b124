import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { OPENAPI_SECURITY_SCHEMES, routesOutsideTables, type RouteWords } from '@pc/contracts';
import type { Access } from './request-context';

const ACCESS_WORDS: Record<Access, string> = {
  public: 'Public: no sign-in needed.',
  signedIn: 'Any signed-in user.',
  publisher: 'A user whose scope includes the publisher named by `Publisher-Scope`.',
  staff: "Provider staff (scope type `internal`); the publisher's data also needs `Publisher-Scope`.",
  admin: 'Provider staff with admin access.',
};

/** The words of the routes served outside the endpoint tables, by `METHOD path` as Fastify registers them. */
const OUTSIDE_TABLES = new Map<string, RouteWords>(routesOutsideTables.map((r) => [`${r.method} ${r.path}`, r]));

interface OperationSchema {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: readonly string[];
  produces?: readonly string[];
  security?: readonly Record<string, readonly string[]>[];
}

/**
 * A route outside the endpoint tables declares no operation id or summary of its own: it gets
 * them (and its tags and media type, where it declares none) from its entry in
 * `routesOutsideTables`. Table routes already carry theirs (endpoint-routes.ts).
 */
function withOutsideWords(schema: OperationSchema, method: string, url: string): OperationSchema {
  const words = schema.operationId === undefined ? OUTSIDE_TABLES.get(`${method} ${url}`) : undefined;
  if (!words) return schema;
  return {
    ...schema,
    operationId: words.operationId,
    summary: words.summary,
    tags: schema.tags ?? [...words.tags],
    ...(words.produces !== undefined && schema.produces === undefined && { produces: [words.produces] }),
  };
}

/**
 * Each operation says who may call it: `x-access` (the route's `config.access`, the one rule
 * http/access.ts enforces) and a sentence in its description; public routes need no bearer,
 * unless the route declares the credential its handler checks (the blocking feed's key).
 */
const withAccess: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  // Routes outside /api (health, hosted files, the tag) declare nothing: the access hook treats them as public.
  const access: Access = input.route.config?.access ?? 'public';
  const method = [input.route.method].flat()[0] ?? '';
  const schema = withOutsideWords((out.schema ?? {}) as OperationSchema, method, input.route.url);
  const description = [schema.description, ACCESS_WORDS[access]].filter(Boolean).join('\n\n');
  return {
    ...out,
    schema: {
      ...schema,
      'x-access': access,
      description,
      ...(access === 'public' && schema.security === undefined ? { security: [] } : {}),
    },
  };
};

type Responses = Record<string, { content?: Record<string, unknown> }>;
type OpenApiDoc = { paths?: Record<string, Record<string, { responses?: Responses }>> };

/**
 * A file endpoint's media type (its `produces`: CSV, text, PDF) is the 200 answer's only: fastify
 * swagger applies it to every answer, but an error is always the JSON error shape.
 */
export function errorsAsJson<D extends OpenApiDoc>(doc: D): D {
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(operations)) {
      for (const [status, answer] of Object.entries(op.responses ?? {})) {
        if (Number(status) < 400 || !answer.content || 'application/json' in answer.content) continue;
        const [schema] = Object.values(answer.content);
        answer.content = { 'application/json': schema };
      }
    }
  }
  return doc;
}

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`, but zod writes a nullable union (a report
 * row's cell: string, number or boolean, or null) as `{ anyOf: [...], nullable: true }`. The
 * null moves onto the union's first typed branch: the same values, said the way 3.0 (and the
 * clients generated from it) read it. One branch only, so a `oneOf` still matches null once.
 */
export function nullableBesideType<T>(node: T): T {
  if (Array.isArray(node)) {
    for (const item of node) nullableBesideType(item);
    return node;
  }
  if (node === null || typeof node !== 'object') return node;
  const o = node as Record<string, unknown>;
  for (const value of Object.values(o)) nullableBesideType(value);
  if (o.nullable !== true || 'type' in o) return node;
  const branches = (o.anyOf ?? o.oneOf) as Record<string, unknown>[] | undefined;
  const typed = branches?.find((b) => typeof b.type === 'string');
  if (typed) {
    typed.nullable = true;
    delete o.nullable;
  }
  return node;
}

/** OpenAPI generated from the same zod schemas that validate requests; UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, productName: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${productName} API`,
        version: '1.0.0',
        description: 'Every call needs `Authorization: Bearer <ID token>`; publisher data also needs `Publisher-Scope: <publisher id>`.',
      },
      // Relative: the deployment that serves this document (PUBLIC_URL) is the API's address.
      servers: [{ url: '/', description: 'The deployment serving this document' }],
      components: { securitySchemes: OPENAPI_SECURITY_SCHEMES },
      security: [{ bearer: [] }],
    },
    transform: withAccess,
    transformObject: (doc) =>
      'openapiObject' in doc
        ? nullableBesideType(errorsAsJson(doc.openapiObject as OpenApiDoc) as typeof doc.openapiObject)
        : doc.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
