import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { endpoint, pathOf } from './endpoint';

const getThing = endpoint({
  method: 'GET',
  path: '/api/things/:id/parts/:part',
  operationId: 'getThingPart',
  summary: 'One part of a thing',
  tags: ['things'],
  access: 'publisher',
  params: z.object({ id: z.string(), part: z.string() }),
  response: z.object({ ok: z.boolean() }),
});

describe('pathOf', () => {
  it('fills each parameter, encoded', () => {
    expect(pathOf(getThing, { id: 'a/b', part: 'x y' })).toBe('/api/things/a%2Fb/parts/x%20y');
  });
  it('refuses a missing parameter instead of calling a wrong path', () => {
    expect(() => pathOf(getThing, { id: '1' })).toThrow('getThingPart: path parameter "part" is missing');
  });
});
