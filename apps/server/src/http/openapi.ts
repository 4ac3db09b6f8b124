import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Access } from './request-context';

const ACCESS_WORDS: Record<Access, string> = {
  public: 'Public: no sign-in needed.',
  signedIn: 'Any signed-in user.',
  publisher: 'A user whose scope includes the publisher named by `Publisher-Scope`.',
  staff: "Provider staff (scope type `internal`); the publisher's data also needs `Publisher-Scope`.",
  admin: 'Provider staff with admin access.',
};

/**
 * Each operation says who may call it: `x-access` (the route's `config.access`, the one rule
 * http/access.ts enforces) and a sentence in its description; public routes need no bearer.
 */
const withAccess: typeof jsonSchemaTransform = (input) => {
  const out = jsonSchemaTransform(input);
  // Routes outside /api (health, hosted files, the tag) declare nothing: the access hook treats them as public.
  const access: Access = input.route.config?.access ?? 'public';
  const description = [(out.schema as { description?: string } | undefined)?.description, ACCESS_WORDS[access]]
    .filter(Boolean)
    .join('\n\n');
  return {
    ...out,
    schema: { ...out.schema, 'x-access': access, description, ...(access === 'public' ? { security: [] } : {}) },
  };
};

type Responses = Record<string, { content?: Record<string, unknown> }>;

/**
 * A file endpoint's media type (its `produces`: CSV, text, PDF) is the 200 answer's only: fastify
 * swagger applies it to every answer, but an error is always the JSON error shape.
 */
export function errorsAsJson(doc: { paths?: Record<string, Record<string, { responses?: Responses }>> }) {
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

/** OpenAPI generated from the same zod schemas that validate requests; UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, productName: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${productName} API`,
        version: '1.0.0',
        description: 'Every call needs `Authorization: Bearer <ID token>`; publisher data also needs `Publisher-Scope: <publisher id>`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: withAccess,
    transformObject: (doc) =>
      'openapiObject' in doc
        ? (errorsAsJson(doc.openapiObject as Parameters<typeof errorsAsJson>[0]) as typeof doc.openapiObject)
        : doc.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
