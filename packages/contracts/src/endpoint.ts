import { z } from 'zod';

/** Who may call an endpoint (the one rule the server's access hook enforces, shown in OpenAPI). */
export type Access = 'public' | 'signedIn' | 'publisher' | 'staff' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The media types of the files endpoints answer. */
export type FileMediaType = 'text/csv' | 'text/plain' | 'application/pdf' | typeof XLSX_MEDIA_TYPE;

/**
 * One API endpoint, declared once: the server registers its route from this entry (it adds only
 * the handler), the web calls it by this entry, and OpenAPI is generated from it. Paths are
 * Fastify-style (`/api/incidents/:id`); every `:name` in the path is a key of `params`.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: `/${string}`;
  /** Stable across releases: generated clients name their functions after it. */
  readonly operationId: string;
  readonly summary: string;
  /** Said in OpenAPI below the summary: how a machine caller authenticates, what must come first. */
  readonly description?: string;
  readonly tags: readonly string[];
  readonly access: Access;
  /**
   * The credential the handler itself checks on a route the access hook lets through as `public`
   * (the blocking feed's key): OpenAPI declares it as the operation's security, not "none".
   */
  readonly credential?: 'feedKey';
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The success answer (200, or `status`). */
  readonly response: z.ZodType;
  /** The success status when it is not 200: a created resource answers 201, an event accepted for later handling 202. */
  readonly status?: 201 | 202;
  /**
   * The success answer's media type when it is a file, not JSON (a CSV download, a text file, a
   * PDF); several when the request chooses (a report as CSV or XLSX).
   */
  readonly produces?: FileMediaType | readonly FileMediaType[];
  /** Answers beyond 200 and the shared error answers (400, 401, 403, 404, 429), e.g. a 409. */
  readonly otherResponses?: Readonly<Record<number, z.ZodType>>;
  /** false: documented without the shared error answers, for an endpoint that gives none of them. */
  readonly sharedErrors?: false;
  /** Largest request body in bytes when it differs from the server's default; beyond it: 413 unread. */
  readonly bodyLimit?: number;
  /**
   * The request body is a file in one of these media types, handed to the handler unread as a
   * stream (a facts file of millions of rows is never held whole); `body` then documents it.
   */
  readonly consumes?: readonly StreamedMediaType[];
}

/** The media types of the files endpoints read as a stream. */
export type StreamedMediaType = 'text/csv' | 'application/x-ndjson';

/** The body of an endpoint that `consumes` a streamed file: any bytes (read by the handler), a binary string in OpenAPI. */
export const StreamedFileSchema = z.unknown().meta({ type: 'string', format: 'binary' });

/** The answer of a write that has nothing else to say. */
export const OkSchema = z.object({ ok: z.literal(true) });

/** Declares an endpoint, keeping its literal types (path, schemas) for both ends. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends: path parameters, query and body as the schemas accept them. */
export interface EndpointInput<E extends Endpoint> {
  params: Input<E['params']>;
  query: Input<E['query']>;
  body: Input<E['body']>;
}
/** What the handler gets once the schemas have parsed the request (defaults applied). */
export interface EndpointParsed<E extends Endpoint> {
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: Output<E['body']>;
}
/** The 200 answer as the caller receives it. */
export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;

/** The media types of an endpoint's success answer, in its declared order. */
export const mediaTypesOf = (e: Endpoint): readonly string[] =>
  e.produces === undefined ? ['application/json'] : typeof e.produces === 'string' ? [e.produces] : e.produces;

/** The concrete path of an endpoint: each `:name` replaced by its encoded parameter. */
export function pathOf(e: Endpoint, params?: Readonly<Record<string, string | number>>): string {
  return e.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${e.operationId}: path parameter "${name}" is missing`);
    return encodeURIComponent(String(value));
  });
}
