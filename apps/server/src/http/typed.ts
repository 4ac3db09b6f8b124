import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@pc/contracts';

export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** The error answers every route may give, documented once for OpenAPI. */
export const errorResponses = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  429: ApiErrorSchema,
} as const;

/** Routes not yet declared in a contract table answer the same `{ ok: true }` as those that are. */
export { OkSchema } from '@pc/contracts';
