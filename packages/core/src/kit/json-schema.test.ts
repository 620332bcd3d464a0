import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { modelJsonSchema, standardJsonSchema } from './json-schema.js';

const PERMISSIVE = { type: 'object', properties: {}, additionalProperties: true };

describe('modelJsonSchema / standardJsonSchema', () => {
  it('converts a Standard JSON Schema (zod 4) to an object schema without $schema', () => {
    const schema = z.object({ orderId: z.string(), amount: z.number().int() });
    const converted = standardJsonSchema(schema) as Record<string, unknown>;
    expect(converted.$schema).toMatch(/2020-12/);
    const shown = modelJsonSchema(converted);
    expect(shown).not.toHaveProperty('$schema');
    expect(shown.type).toBe('object');
    expect(Object.keys(shown.properties)).toEqual(['orderId', 'amount']);
    expect(shown.required).toEqual(['orderId', 'amount']);
  });

  it('honours the target dialect', () => {
    const converted = standardJsonSchema(z.object({ a: z.string() }), 'draft-07') as {
      $schema: string;
    };
    expect(converted.$schema).toMatch(/draft-07/);
  });

  it('adds properties to an object schema that has none', () => {
    expect(modelJsonSchema({ type: 'object' })).toEqual({ type: 'object', properties: {} });
  });

  it('is permissive for no conversion, a non-object root or a non-object value', () => {
    expect(modelJsonSchema(undefined)).toEqual(PERMISSIVE);
    expect(modelJsonSchema({ type: 'string' })).toEqual(PERMISSIVE);
    expect(modelJsonSchema({ anyOf: [{ type: 'object' }] })).toEqual(PERMISSIVE);
    expect(modelJsonSchema([{ type: 'object' }])).toEqual(PERMISSIVE);
    expect(modelJsonSchema('{"type":"object"}')).toEqual(PERMISSIVE);
    // a fresh object each time: callers may mutate it
    expect(modelJsonSchema(null)).not.toBe(modelJsonSchema(null));
  });

  it('is undefined without a Standard JSON Schema or when the conversion throws', () => {
    expect(standardJsonSchema(undefined)).toBeUndefined();
    expect(
      standardJsonSchema({ '~standard': { version: 1, validate: () => ({}) } }),
    ).toBeUndefined();
    const throwing = {
      '~standard': {
        jsonSchema: {
          input: () => {
            throw new Error('no conversion');
          },
        },
      },
    };
    expect(standardJsonSchema(throwing)).toBeUndefined();
  });
});
