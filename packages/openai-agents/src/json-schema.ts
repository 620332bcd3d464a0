import type { ArgsealTool } from '@argseal/core';

/** An object-typed JSON Schema, as the OpenAI Agents SDK takes for a function tool's `parameters`. */
export type JsonObjectSchema = {
  type: 'object';
  properties: Record<string, unknown>;
  required?: string[];
  additionalProperties?: boolean;
  [key: string]: unknown;
};

const PERMISSIVE: JsonObjectSchema = { type: 'object', properties: {}, additionalProperties: true };

/**
 * JSON Schema the model is shown for an argseal tool: from the schema's Standard JSON
 * Schema interface when it has one (zod 4), else a permissive object. The model's view
 * is only a hint: the argseal pipeline parses with the real schema either way.
 */
export function jsonSchemaFor(tool: ArgsealTool): JsonObjectSchema {
  const std = (tool.schema as { '~standard'?: { jsonSchema?: unknown } })['~standard'];
  const converter = (std?.jsonSchema as { input?: unknown } | undefined)?.input;
  if (typeof converter !== 'function') return { ...PERMISSIVE };
  try {
    const schema = converter.call(std?.jsonSchema, { target: 'draft-2020-12' }) as Record<
      string,
      unknown
    >;
    if (schema?.type !== 'object') return { ...PERMISSIVE };
    const { $schema: _drop, ...rest } = schema;
    return { properties: {}, ...rest, type: 'object' } as JsonObjectSchema;
  } catch {
    return { ...PERMISSIVE };
  }
}
