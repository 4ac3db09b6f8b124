import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteHandlerMethod,
} from 'fastify';
import { mediaTypesOf, type Endpoint, type EndpointParsed, type EndpointResponse } from '@pc/contracts';
// The route config's `rateLimit` (its type comes with the plugin), for a compilation that reaches this file alone.
import type {} from '@fastify/rate-limit';
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

/**
 * What a route needs beyond its contract entry, from the server's settings: a limit whose figures
 * are configured, or a hook that runs before the handler (a second limit counted per key).
 */
export interface EndpointRouteOptions {
  rateLimit?: FastifyContextConfig['rateLimit'];
  preHandler?: preHandlerAsyncHookHandler;
}

/** A handler whose success status is not 200: the status is set before it runs, so it only answers. */
const withStatus =
  <E extends Endpoint>(status: number, handler: EndpointHandler<E>): EndpointHandler<E> =>
  (req, reply) => {
    reply.code(status);
    return handler(req, reply);
  };

/** Registers one route from its contract entry: path, access, schemas and OpenAPI words all come from `e`. */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: EndpointHandler<E>,
  options: EndpointRouteOptions = {},
): void {
  // A streamed file reaches the handler unread: no body limit applies, and nothing is buffered.
  for (const type of e.consumes ?? []) {
    if (!app.hasContentTypeParser(type)) app.addContentTypeParser(type, (_req, payload, done) => done(null, payload));
  }
  app.route({
    method: e.method,
    url: e.path,
    config: { access: e.access, ...(options.rateLimit !== undefined && { rateLimit: options.rateLimit }) },
    ...(e.bodyLimit !== undefined && { bodyLimit: e.bodyLimit }),
    ...(options.preHandler && { preHandler: options.preHandler }),
    schema: {
      operationId: e.operationId,
      summary: e.summary,
      ...(e.description !== undefined && { description: e.description }),
      tags: [...e.tags],
      // The credential a public route's handler checks itself, declared as the operation's security.
      ...(e.credential !== undefined && { security: [{ [e.credential]: [] }] }),
      ...(e.params && { params: e.params }),
      ...(e.query && { querystring: e.query }),
      ...(e.body && { body: e.body }),
      ...(e.consumes && { consumes: [...e.consumes] }),
      ...(e.produces && { produces: [...mediaTypesOf(e)] }),
      response: { [e.status ?? 200]: e.response, ...e.otherResponses, ...(e.sharedErrors === false ? {} : errorResponses) },
    },
    handler: (e.status === undefined ? handler : withStatus(e.status, handler)) as unknown as RouteHandlerMethod,
  });
}

/** Registers an area's whole table, one handler per entry, with the server-side options some entries need. */
export function registerEndpoints<T extends Record<string, Endpoint>>(
  app: FastifyInstance,
  table: T,
  handlers: EndpointHandlers<T>,
  options: { readonly [K in keyof T]?: EndpointRouteOptions } = {},
): void {
  for (const key of Object.keys(table) as (keyof T & string)[]) registerEndpoint(app, table[key], handlers[key], options[key]);
}
