import { Limits } from '@pc/contracts';
import { ApiRequestError, errorFromResponse } from './api-error';

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** Overrides the chosen publisher for the Publisher-Scope header (SWR keys carry it). */
  publisherId?: string | null;
  signal?: AbortSignal;
  /**
   * 'text' returns the body as a string (text attachments); 'blob' the raw bytes (PDF downloads);
   * 'file' a {@link BlobResponse} (binary exports, with the server's file name).
   */
  responseType?: 'json' | 'text' | 'blob' | 'file';
  /**
   * Sent as the Idempotency-Key header. The server answers a repeated key with its first answer
   * and writes nothing twice, so a write that carries one may be retried like a read. Signed-in
   * writes get a fresh key per call unless one is given (a caller repeating one user action passes
   * its own); `false` sends none.
   */
  idempotencyKey?: string | false;
  /** Lets the request outlive the page (tracking events sent while navigating away). */
  keepalive?: boolean;
}

export interface BlobResponse {
  blob: Blob;
  /** From Content-Disposition, when the server named the file. */
  filename: string | null;
}

/** Shown instead of any 5xx body: the server's own text and codes never reach the user. */
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';
export const NETWORK_ERROR_MESSAGE = 'We could not reach the server. Check your connection and try again.';

export function filenameFromDisposition(disposition: string | null): string | null {
  const m = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return m?.[1] ?? null;
}

/** A new random Idempotency-Key for one user action (reuse it for that action's retries). */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

export interface ApiClientDeps {
  getToken: () => Promise<string | null>;
  getPublisherId: () => string | null;
  /** Spec: a 401 signs the user out and sends them to /login. */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
  timeoutMs?: number;
  retries?: number;
}

export type ApiClient = <T>(path: string, options?: RequestOptions) => Promise<T>;

class TimeoutError extends Error {
  constructor() {
    super('The server took too long to answer. Please try again.');
    this.name = 'TimeoutError';
  }
}

/** '/partners' and 'partners' both become '/api/partners' (prefix /api, docs/product.md#api-client). */
export function buildUrl(path: string, query?: Query): string {
  const clean = path.replace(/^\/+/, '').replace(/^api\//, '');
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined) params.append(k, v === null ? 'null' : String(v));
  }
  const qs = params.toString();
  return `/api/${clean}${qs ? `?${qs}` : ''}`;
}

/**
 * The shared API client (docs/product.md#api-client): bearer token + Publisher-Scope, GET by default, JSON,
 * 20 s timeout with one retry. Reads are retried once after a network failure or timeout; writes
 * only when they carry an Idempotency-Key (the server then answers the repeat with the first
 * answer), since repeating a write the server may already have applied would otherwise duplicate it.
 * 5xx and network failures become plain-word errors: no raw server text reaches the user.
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  const doFetch = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const timeoutMs = deps.timeoutMs ?? Limits.requestTimeoutMs;
  const retries = deps.retries ?? Limits.requestRetries;

  async function attempt(url: string, init: RequestInit, outer?: AbortSignal): Promise<Response> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    outer?.addEventListener('abort', onAbort);
    try {
      return await doFetch(url, { ...init, signal: controller.signal });
    } catch (e) {
      if (timedOut) throw new TimeoutError();
      throw e;
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    }
  }

  return async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const asText = options.responseType === 'text';
    const asBlob = options.responseType === 'blob' || options.responseType === 'file';
    const headers: Record<string, string> = { Accept: asText || asBlob ? '*/*' : 'application/json' };
    const token = await deps.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    // The server honours keys per signed-in user only, so anonymous writes get none (and no retry).
    const idempotencyKey =
      options.idempotencyKey === false
        ? undefined
        : (options.idempotencyKey ?? (method !== 'GET' && token ? newIdempotencyKey() : undefined));
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    const publisherId = options.publisherId !== undefined ? options.publisherId : deps.getPublisherId();
    if (publisherId) headers['Publisher-Scope'] = publisherId;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const url = buildUrl(path, options.query);
    const init: RequestInit = { method, headers, body, ...(options.keepalive ? { keepalive: true } : {}) };
    const retryable = method === 'GET' || !!idempotencyKey;

    let res: Response | undefined;
    for (let i = 0; ; i++) {
      try {
        res = await attempt(url, init, options.signal);
        break;
      } catch (e) {
        const callerAborted = options.signal?.aborted === true;
        if (!retryable || callerAborted || i >= retries) {
          if (callerAborted || e instanceof TimeoutError) throw e;
          throw new ApiRequestError(NETWORK_ERROR_MESSAGE, 0);
        }
      }
    }

    if (res.status === 401) {
      const err = await errorFromResponse(res);
      deps.onUnauthorized();
      throw err;
    }
    if (res.status >= 500) {
      await res.text().catch(() => '');
      throw new ApiRequestError(SERVER_ERROR_MESSAGE, res.status);
    }
    if (!res.ok) throw await errorFromResponse(res);
    if (options.responseType === 'file')
      return { blob: await res.blob(), filename: filenameFromDisposition(res.headers.get('content-disposition')) } as T;
    // 204 and 202 are treated as 200 with an empty JSON object (spec error catalogue).
    if (res.status === 204 || res.status === 202) return {} as T;
    if (options.responseType === 'blob') return (await res.blob()) as T;
    const text = await res.text();
    if (asText) return text as T;
    if (!text) return {} as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiRequestError('The server sent an answer that could not be read.', res.status);
    }
  };
}
