import { modelJsonSchema } from '@argseal/core/kit';
import { asSchema, type JSONSchema7, jsonSchema, type Schema } from 'ai';

/**
 * Pass-through SDK schema: the SDK's own JSON Schema conversion, shown to the model as
 * the kit's object schema (`modelJsonSchema`: permissive without a conversion). Its
 * `validate` never refuses (the one parse is argseal's): it hands the SDK, instead of its
 * `JSON.parse` of a call's history text, the attempt's deep-frozen snapshot of that same
 * text (`adopt`), which `toolApproval` and `execute` then look up by identity.
 */
export function passThroughSchema(
  source: unknown,
  adopt: (value: unknown) => unknown,
): Schema<unknown> {
  return jsonSchema<unknown>(
    async () => {
      let converted: unknown;
      try {
        converted = await asSchema(source as Parameters<typeof asSchema>[0]).jsonSchema;
      } catch {}
      return modelJsonSchema(converted) as JSONSchema7;
    },
    { validate: (value) => ({ success: true, value: adopt(value) }) },
  );
}
