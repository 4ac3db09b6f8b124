import { describe, expect, it } from 'vitest';
import { nullableBesideType } from './openapi';

describe('nullableBesideType', () => {
  it("moves a union's `nullable` onto its first typed branch, at any depth", () => {
    const doc = {
      properties: {
        cells: { additionalProperties: { anyOf: [{ type: 'string' }, { type: 'number' }], nullable: true } },
        one: { oneOf: [{ type: 'string' }, { type: 'boolean' }], nullable: true },
      },
    };
    expect(nullableBesideType(doc)).toEqual({
      properties: {
        cells: { additionalProperties: { anyOf: [{ type: 'string', nullable: true }, { type: 'number' }] } },
        one: { oneOf: [{ type: 'string', nullable: true }, { type: 'boolean' }] },
      },
    });
  });

  it('leaves a typed `nullable` as it is, and a union with no typed branch for the linter to name', () => {
    const typed = { type: 'string', nullable: true };
    const untyped = { anyOf: [{ $ref: '#/components/schemas/X' }], nullable: true };
    expect(nullableBesideType(structuredClone(typed))).toEqual(typed);
    expect(nullableBesideType(structuredClone(untyped))).toEqual(untyped);
  });
});
