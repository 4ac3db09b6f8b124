import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE, SERVER_ERROR_MESSAGE, buildUrl, createApiClient } from './api-client';
import { ApiRequestError } from './api-error';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(fetchImpl: (url: string, init: RequestInit) => Promise<Response>, token: string | null = 'tok') {
  const fetchMock = vi.fn(fetchImpl);
  const onUnauthorized = vi.fn();
  const api = createApiClient({
    getToken: async () => token,
    getPublisherId: () => '1001',
    onUnauthorized,
    fetch: fetchMock as unknown as typeof fetch,
  });
  return { api, fetchMock, onUnauthorized };
}

describe('api client', () => {
  it('prefixes /api, sends bearer and Publisher-Scope, GET by default', async () => {
    const { api, fetchMock } = setup(async () => json(200, [{ a: 1 }]));
    await expect(api('partners')).resolves.toEqual([{ a: 1 }]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/partners');
    expect(init.method).toBe('GET');
    const h = init.headers as Record<string, string>;
    expect(h.Authorization).toBe('Bearer tok');
    expect(h['Publisher-Scope']).toBe('1001');
  });

  it('builds queries and lets the key override the publisher', async () => {
    expect(buildUrl('/publisher-details', { publisher: '7', includeSites: true, skip: undefined })).toBe(
      '/api/publisher-details?publisher=7&includeSites=true',
    );
    const { api, fetchMock } = setup(async () => json(200, {}));
    await api('x', { publisherId: '1003' });
    expect((fetchMock.mock.calls[0]![1].headers as Record<string, string>)['Publisher-Scope']).toBe('1003');
  });

  it('sends JSON bodies', async () => {
    const { api, fetchMock } = setup(async () => json(200, { ok: true }));
    await api('personal-info', { method: 'PUT', body: { firstName: 'A' } });
    const init = fetchMock.mock.calls[0]![1];
    expect(init.body).toBe('{"firstName":"A"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('returns the raw body for text downloads', async () => {
    const { api, fetchMock } = setup(
      async () => new Response('a.com, 1, DIRECT\n', { status: 200, headers: { 'Content-Type': 'text/plain' } }),
    );
    await expect(api<string>('adstxt/domains/d1/missing-lines', { responseType: 'text' })).resolves.toBe('a.com, 1, DIRECT\n');
    expect((fetchMock.mock.calls[0]![1].headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('maps 204 and 202 to {}', async () => {
    for (const status of [204, 202]) {
      const { api } = setup(async () => new Response(status === 204 ? null : 'accepted', { status }));
      await expect(api('mp', { method: 'POST', body: {} })).resolves.toEqual({});
    }
  });

  it('builds errors from JSON message/name and fields, else plain text', async () => {
    const { api } = setup(async () => json(400, { message: 'Invalid', name: 'ValidationError', fields: { email: 'Email is invalid!' } }));
    const e = (await api('personal-info').catch((x: unknown) => x)) as ApiRequestError;
    expect(e).toBeInstanceOf(ApiRequestError);
    expect(e.message).toBe('Invalid');
    expect(e.code).toBe('ValidationError');
    expect(e.fields).toEqual({ email: 'Email is invalid!' });

    const { api: api2 } = setup(async () => json(409, { name: 'Conflict' }));
    await expect(api2('x')).rejects.toThrow('Conflict');

    const { api: api3 } = setup(async () => new Response('Bad gateway upstream', { status: 502 }));
    const e3 = (await api3('x').catch((x: unknown) => x)) as ApiRequestError;
    // Spec: no raw server text or error code reaches the user.
    expect(e3.message).toBe(SERVER_ERROR_MESSAGE);
    expect(e3.status).toBe(502);
    expect(e3.code).toBeUndefined();
  });

  it('a 401 calls the sign-out callback and rejects', async () => {
    const { api, onUnauthorized } = setup(async () => json(401, { message: 'Sign in again.' }));
    await expect(api('partners')).rejects.toThrow('Sign in again.');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('retries a GET once after a network failure', async () => {
    let n = 0;
    const { api, fetchMock } = setup(async () => {
      n++;
      if (n === 1) throw new TypeError('Failed to fetch');
      return json(200, { ok: 1 });
    });
    await expect(api('partners')).resolves.toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not retry writes without an Idempotency-Key (anonymous, or opted out)', async () => {
    const anonymous = setup(async () => {
      throw new TypeError('Failed to fetch');
    }, null);
    await expect(anonymous.api('personal-info', { method: 'PUT', body: {} })).rejects.toThrow(NETWORK_ERROR_MESSAGE);
    expect(anonymous.fetchMock).toHaveBeenCalledTimes(1);
    expect((anonymous.fetchMock.mock.calls[0]![1].headers as Record<string, string>)['Idempotency-Key']).toBeUndefined();
    const optedOut = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(optedOut.api('personal-info', { method: 'PUT', body: {}, idempotencyKey: false })).rejects.toThrow(NETWORK_ERROR_MESSAGE);
    expect(optedOut.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives every signed-in write its own key and retries it once with that same key', async () => {
    let n = 0;
    const { api, fetchMock } = setup(async () => {
      n++;
      if (n === 1) throw new TypeError('Failed to fetch');
      return json(200, { ok: true });
    });
    await expect(api('blocking-rules', { method: 'POST', body: {} })).resolves.toEqual({ ok: true });
    await api('blocking-rules', { method: 'POST', body: {} });
    const keys = fetchMock.mock.calls.map((c) => (c[1].headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('retries a write once when it carries an Idempotency-Key, with the same key', async () => {
    let n = 0;
    const { api, fetchMock } = setup(async () => {
      n++;
      if (n === 1) throw new TypeError('Failed to fetch');
      return json(201, { id: 7 });
    });
    await expect(api('things', { method: 'POST', body: {}, idempotencyKey: 'k-1' })).resolves.toEqual({ id: 7 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    for (const call of fetchMock.mock.calls) {
      expect((call[1].headers as Record<string, string>)['Idempotency-Key']).toBe('k-1');
    }
  });

  it('returns a blob with the file name for binary downloads', async () => {
    const { api, fetchMock } = setup(
      async () => new Response('a,b', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="r.csv"' } }),
    );
    const r = await api<{ blob: Blob; filename: string | null }>('reports', { responseType: 'file' });
    expect(r.filename).toBe('r.csv');
    expect(await r.blob.text()).toBe('a,b');
    expect((fetchMock.mock.calls[0]![1].headers as Record<string, string>)['Publisher-Scope']).toBe('1001');
  });

  it('does not retry HTTP errors', async () => {
    const { api, fetchMock } = setup(async () => json(500, { message: 'boom' }));
    await expect(api('partners')).rejects.toThrow(SERVER_ERROR_MESSAGE);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('api client timeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('times out after 20 s and retries once, then fails', async () => {
    const hang = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const { api, fetchMock } = setup(hang);
    const p = api('partners').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(20_000);
    const err = (await p) as Error;
    expect(err.name).toBe('TimeoutError');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
