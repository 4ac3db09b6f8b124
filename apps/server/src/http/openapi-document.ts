import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { allEndpoints, routesOutsideTables } from '@pc/contracts';
import { registerEndpoint } from './endpoint-routes';
import { registerOpenApi } from './openapi';

/** What a caller of the contract document reads of it (the rest is passed on as is). */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
  [key: string]: unknown;
}

const neverCalled = () => {
  throw new Error('The contract document app only documents its routes.');
};

/**
 * The OpenAPI document generated from the contracts alone, for the linter and outside clients
 * (scripts/openapi.ts): every endpoint table entry registered as the server registers it
 * (registerEndpoint, through the same generator, http/openapi.ts), plus the routes outside the
 * tables by their words, on an app with no database and no listening socket whose handlers never
 * run. The served document (/api/docs/json) is the same for every table entry and adds only the
 * outside routes' own request and response schemas (endpoint-table.api.test.ts checks both).
 */
export async function contractOpenApiDocument(productName = 'Partners Center'): Promise<OpenApiDocument> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerOpenApi(app, productName);
  for (const e of allEndpoints()) registerEndpoint(app, e, neverCalled);
  for (const r of routesOutsideTables) app.route({ method: r.method, url: r.path, config: { access: 'public' }, handler: neverCalled });
  await app.ready();
  try {
    return structuredClone(app.swagger()) as unknown as OpenApiDocument;
  } finally {
    await app.close();
  }
}
