import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

type Serializer = (data: unknown) => string;
type SerializerCompiler = FastifySerializerCompiler<unknown>;

const zodSerializerCompiler = createSerializerCompiler({}) as SerializerCompiler;

/**
 * How each route's answer is serialized (bench:api). fastify-type-provider-zod encodes
 * every answer through its zod schema, which runs the schema's input rules on our own output (a
 * phone number through libphonenumber, e-mail and URL checks) on every response: a quarter of an
 * authenticated read's CPU. Here a response schema that JSON Schema can express is compiled once
 * into a fast-json-stringify serializer (what Fastify does for JSON Schema routes): it writes
 * exactly the schema's properties, so an undeclared field (a hash, an internal flag) is still never
 * sent. A schema JSON Schema cannot express (a transform, a custom type) keeps the zod encoder.
 *
 * `verify` (tests: NODE_ENV=test) also encodes through zod and fails the answer as before when the
 * value does not match its schema or the two serializers disagree, so contract drift stays a test
 * failure; production does not pay for checking its own output.
 */
export function createResponseSerializerCompiler(opts: { verify: boolean }): SerializerCompiler {
  return (route) => {
    const zodSerializer = zodSerializerCompiler(route);
    const compiled = compileJsonSerializer(route.schema);
    if (!compiled) return zodSerializer;
    if (!opts.verify) return compiled;
    return (data) => {
      const expected = zodSerializer(data);
      const actual = compiled(data);
      if (expected !== actual && !isDeepStrictEqual(JSON.parse(expected), JSON.parse(actual))) {
        throw new Error(
          `${route.method} ${route.url}: the compiled serializer wrote ${actual.slice(0, 500)}; zod wrote ${expected.slice(0, 500)}`,
        );
      }
      return actual;
    };
  };
}

/** fast-json-stringify over the schema's output JSON Schema, or null when it cannot be expressed. */
export function compileJsonSerializer(schema: unknown): Serializer | null {
  if (!(schema instanceof z.ZodType)) return null;
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw', cycles: 'ref', reused: 'inline' });
  } catch {
    return null;
  }
  delete json.$schema;
  try {
    return fastJson(withoutScalarUnions(json) as unknown as Parameters<typeof fastJson>[0]) as Serializer;
  } catch {
    return null;
  }
}

const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * fast-json-stringify picks an `anyOf`/`oneOf` branch by validating the value against each (Ajv)
 * on every answer: an e-mail that may be empty is `anyOf: [{const: ""}, {pattern: ...}]`, a regular
 * expression per response. When every branch is the same scalar type (and none names a format,
 * which changes how a Date is written), each branch writes the value the same way, so the union is
 * replaced by that type. Output is unchanged (tests compare every answer with zod's encoding).
 */
export function withoutScalarUnions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutScalarUnions);
  if (schema === null || typeof schema !== 'object') return schema;
  const node = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, withoutScalarUnions(v)])) as Record<string, unknown>;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = node[key];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const types = new Set(
      branches.map((b: Record<string, unknown>) => (typeof b.type === 'string' && b.format === undefined ? b.type : null)),
    );
    const [type] = types;
    if (types.size !== 1 || typeof type !== 'string' || !SCALARS.has(type)) continue;
    delete node[key];
    node.type ??= type;
  }
  return node;
}
