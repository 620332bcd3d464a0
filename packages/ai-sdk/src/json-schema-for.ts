import { asSchema, type JSONSchema7, jsonSchema, type Schema } from 'ai';

const PERMISSIVE_OBJECT: JSONSchema7 = { type: 'object', additionalProperties: true };

/**
 * Pass-through SDK schema: JSON Schema for the provider, no `validate` (the one parse is
 * argseal's). Without a JSON Schema conversion: a permissive object (argseal validates).
 */
export function passThroughSchema(source: unknown): Schema<unknown> {
  return jsonSchema<unknown>(async () => {
    try {
      return await asSchema(source as Parameters<typeof asSchema>[0]).jsonSchema;
    } catch {
      return PERMISSIVE_OBJECT;
    }
  });
}
