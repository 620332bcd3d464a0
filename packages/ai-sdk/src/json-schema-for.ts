import { asSchema, type JSONSchema7, jsonSchema, type Schema } from 'ai';

const PERMISSIVE_OBJECT: JSONSchema7 = { type: 'object', additionalProperties: true };

/**
 * A pass-through SDK schema: the JSON Schema goes to the provider, and there is no
 * `validate`, so the SDK does not parse the input a second time. The one real
 * parse happens in argseal's pipeline. Schemas without JSON Schema conversion get
 * a permissive object schema (the pipeline still validates).
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
