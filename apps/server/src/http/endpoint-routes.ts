import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Endpoint, EndpointParsed, EndpointResponse } from '@pc/contracts';
import { errorResponses } from './typed';

/** The request a handler of `E` gets: params, query and body already parsed by E's schemas. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: EndpointParsed<E>['params'];
  Querystring: EndpointParsed<E>['query'];
  Body: EndpointParsed<E>['body'];
}>;

/** A handler answers E's 200 shape, or sends its own answer (a file, a status) through `reply`. */
export type EndpointHandler<E extends Endpoint> = (
  req: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointResponse<E> | FastifyReply> | EndpointResponse<E> | FastifyReply;

/** A handler for every endpoint of an area's table: the compiler refuses a table entry left without one. */
export type EndpointHandlers<T extends Record<string, Endpoint>> = { [K in keyof T]: EndpointHandler<T[K]> };

/** Registers one route from its contract entry: path, access, schemas and OpenAPI words all come from `e`. */
export function registerEndpoint<E extends Endpoint>(app: FastifyInstance, e: E, handler: EndpointHandler<E>): void {
  app.route({
    method: e.method,
    url: e.path,
    config: { access: e.access },
    schema: {
      operationId: e.operationId,
      summary: e.summary,
      tags: [...e.tags],
      ...(e.params && { params: e.params }),
      ...(e.query && { querystring: e.query }),
      ...(e.body && { body: e.body }),
      ...(e.produces && { produces: [e.produces] }),
      response: { 200: e.response, ...e.otherResponses, ...errorResponses },
    },
    handler: handler as unknown as RouteHandlerMethod,
  });
}

/** Registers an area's whole table, one handler per entry. */
export function registerEndpoints<T extends Record<string, Endpoint>>(app: FastifyInstance, table: T, handlers: EndpointHandlers<T>): void {
  for (const key of Object.keys(table) as (keyof T & string)[]) registerEndpoint(app, table[key], handlers[key]);
}
