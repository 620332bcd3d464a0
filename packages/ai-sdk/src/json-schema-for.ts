import { modelJsonSchema } from '@argseal/core/kit';
import { asSchema, type JSONSchema7, jsonSchema, type Schema } from 'ai';

/**
 * Pass-through SDK schema: the SDK's own JSON Schema conversion, shown to the model as
 * the kit's object schema (`modelJsonSchema`: permissive without a conversion); no
 * `validate` (the one parse is argseal's).
 */
export function passThroughSchema(source: unknown): Schema<unknown> {
  return jsonSchema<unknown>(async () => {
    let converted: unknown;
    try {
      converted = await asSchema(source as Parameters<typeof asSchema>[0]).jsonSchema;
    } catch {}
    return modelJsonSchema(converted) as JSONSchema7;
  });
}
