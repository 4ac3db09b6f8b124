import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PublisherDetailsSchema, type PublisherDetails } from '@pc/contracts';
import { compileJsonSerializer, createResponseSerializerCompiler, withoutScalarUnions } from './response-serializer';

const details: PublisherDetails = {
  id: '1001',
  name: 'Example Media',
  currency: 'EUR',
  has_direct: true,
  appnexus_id: { marketplace: '12', direct: null },
  sites: [{ id: 's1', name: 'Example', domain: 'example.com', active: true, taboola_organic: false }],
  company: {
    name: 'Example Media GmbH',
    website: 'https://example.com',
    address: 'Street 1',
    city: 'Berlin',
    country: 'DE',
    zip_code: '10115',
    registration_number: '',
    type: '',
    vat_registration_office: '',
    email: 'billing@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    phone: '+49 30 1234567',
  },
};

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('compiled response serializers', () => {
  it('write the same JSON as the zod encoder for a publisher details answer', () => {
    const compiled = compileJsonSerializer(PublisherDetailsSchema);
    expect(compiled).not.toBeNull();
    expect(JSON.parse(compiled!(details))).toEqual(PublisherDetailsSchema.encode(details));
  });

  it('write a union of one scalar type (an e-mail or empty) as that type, with the same output, without choosing a branch per answer', () => {
    const schema = z.object({ email: z.union([z.literal(''), z.string().regex(/^[^\s@]+@[^\s@]+$/)]), n: z.number().nullable() });
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-07' }) as { properties: Record<string, unknown> };
    expect(json.properties.email).toHaveProperty('anyOf');
    const plain = withoutScalarUnions(json) as { properties: Record<string, Record<string, unknown>> };
    expect(plain.properties.email).toEqual({ type: 'string' });
    expect(plain.properties.n).toEqual(json.properties.n); // string-or-null unions stay
    const compiled = compileJsonSerializer(schema)!;
    for (const value of [
      { email: '', n: null },
      { email: 'a@b.example', n: 2 },
      { email: 'o"b\\r@x.example', n: 1.5 },
    ])
      expect(compiled(value)).toBe(JSON.stringify(schema.encode(value)));
    const detailsJson = compileJsonSerializer(PublisherDetailsSchema)!;
    expect(JSON.parse(detailsJson({ ...details, company: { ...details.company, email: '' } }))).toEqual(
      PublisherDetailsSchema.encode({ ...details, company: { ...details.company, email: '' } }),
    );
  });

  it('never write a property the schema does not declare', () => {
    const compiled = compileJsonSerializer(z.object({ email: z.string(), nested: z.object({ a: z.number() }) }))!;
    const out = JSON.parse(compiled({ email: 'a@b.c', passwordHash: 'secret', nested: { a: 1, internal: true } }));
    expect(out).toEqual({ email: 'a@b.c', nested: { a: 1 } });
  });

  it('keep the zod encoder for a schema JSON Schema cannot express', () => {
    const withTransform = z.object({ n: z.string().transform((s) => s.length) });
    expect(compileJsonSerializer(withTransform)).toBeNull();
    const serialize = createResponseSerializerCompiler({ verify: false })(route(withTransform));
    expect(() => serialize({ n: 3 })).toThrow();
  });

  it('in verify mode (tests) refuse an answer its zod schema refuses, as before', () => {
    const schema = z.object({ count: z.number().int() });
    const checked = createResponseSerializerCompiler({ verify: true })(route(schema));
    expect(checked({ count: 3 })).toBe('{"count":3}');
    expect(() => checked({ count: 'three' })).toThrow();
    // Production skips the check: the compiled serializer alone writes the value.
    const fast = createResponseSerializerCompiler({ verify: false })(route(schema));
    expect(fast({ count: 3 })).toBe('{"count":3}');
  });

  it('nullable, optional, record and union fields round-trip', () => {
    const schema = z.object({
      a: z.string().nullable(),
      b: z.number().optional(),
      c: z.record(z.string(), z.number()),
      d: z.union([z.object({ kind: z.literal('x'), x: z.number() }), z.object({ kind: z.literal('y'), y: z.string() })]),
    });
    const checked = createResponseSerializerCompiler({ verify: true })(route(schema));
    for (const value of [
      { a: null, c: {}, d: { kind: 'x', x: 1 } },
      { a: 'v', b: 2, c: { k: 1 }, d: { kind: 'y', y: 'z' } },
    ]) {
      expect(JSON.parse(checked(value))).toEqual(value);
    }
  });
});
