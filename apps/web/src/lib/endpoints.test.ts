import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpoint, incidentsEndpoints } from '@pc/contracts';
import { configureApi } from './api';
import type { ApiClient } from './api-client';
import { call, endpointKey } from './endpoints';

function recordCalls() {
  const client = vi.fn(async () => ({}));
  configureApi(client as unknown as ApiClient);
  return client;
}

describe('calling endpoints by their contract entry', () => {
  it('fills the path, takes the method from the entry and sends the body', async () => {
    const client = recordCalls();
    await call(incidentsEndpoints.acknowledge, { params: { id: 'a/1' }, body: { note: 'on it' } }, { publisherId: '1001' });
    expect(client).toHaveBeenCalledWith('/api/incidents/a%2F1/acknowledge', {
      publisherId: '1001',
      method: 'POST',
      query: undefined,
      body: { note: 'on it' },
      responseType: 'json',
    });
  });

  it('asks a file endpoint for its text', async () => {
    const client = recordCalls();
    await call(incidentsEndpoints.vulnerabilitiesCsv, { query: { siteId: '7' } });
    expect(client).toHaveBeenCalledWith(
      '/api/incidents/vulnerabilities.csv',
      expect.objectContaining({ method: 'GET', query: { siteId: '7' }, responseType: 'text' }),
    );
  });

  it('asks a PDF endpoint for its bytes, not text', async () => {
    const client = recordCalls();
    const pdf = endpoint({
      method: 'GET',
      path: '/api/files/:id',
      operationId: 'downloadFile',
      summary: 'A file',
      tags: ['files'],
      access: 'publisher',
      params: z.object({ id: z.string() }),
      response: z.unknown(),
      produces: 'application/pdf',
    });
    await call(pdf, { params: { id: '3' } });
    expect(client).toHaveBeenCalledWith('/api/files/3', expect.objectContaining({ method: 'GET', responseType: 'blob' }));
  });

  it('keys page data by path, publisher and query', () => {
    expect(endpointKey(incidentsEndpoints.list, '1001', { query: { status: 'open' } })).toEqual([
      '/api/incidents',
      '1001',
      { status: 'open' },
    ]);
    expect(endpointKey(incidentsEndpoints.get, '1001', { params: { id: '9' } })).toEqual(['/api/incidents/9', '1001']);
  });

  it('refuses at compile time what the entry does not declare', () => {
    // Each line below is a type error; tsc fails if one of them stops being one.
    const typeErrors = () => {
      // @ts-expect-error the path parameter `id` is required
      void call(incidentsEndpoints.get, {});
      // @ts-expect-error the list endpoint takes no body
      void call(incidentsEndpoints.list, { query: {}, body: { note: 'x' } });
      // @ts-expect-error a note must be a string
      void call(incidentsEndpoints.resolve, { params: { id: '1' }, body: { note: 1 } });
    };
    expect(typeof typeErrors).toBe('function');
  });
});
