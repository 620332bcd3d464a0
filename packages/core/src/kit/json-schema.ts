/** An object-typed JSON Schema, as frameworks take for a function tool's parameters. */
export type JsonObjectSchema = {
  type: 'object';
  properties: Record<string, unknown>;
  required?: string[];
  additionalProperties?: boolean;
  [key: string]: unknown;
};

/** What a model is shown for a tool whose schema has no (usable) JSON Schema. */
function permissive(): JsonObjectSchema {
  return { type: 'object', properties: {}, additionalProperties: true };
}

/**
 * The JSON Schema a model is shown for a tool, from a converted schema (a framework's own
 * conversion or {@link standardJsonSchema}): an object schema without `$schema` and with
 * `properties`. Anything else (no conversion, a non-object root) becomes a permissive
 * object. The model's view is only a hint: argseal parses with the real schema either way.
 */
export function modelJsonSchema(converted: unknown): JsonObjectSchema {
  if (typeof converted !== 'object' || converted === null || Array.isArray(converted)) {
    return permissive();
  }
  const { $schema: _dialect, ...rest } = converted as Record<string, unknown>;
  if (rest.type !== 'object') return permissive();
  return { properties: {}, ...rest, type: 'object' } as JsonObjectSchema;
}

/**
 * The input-side JSON Schema of a Standard JSON Schema (`~standard.jsonSchema.input`, e.g.
 * zod 4), or `undefined` when the schema has none or its conversion throws.
 */
export function standardJsonSchema(
  schema: unknown,
  target: 'draft-2020-12' | 'draft-07' = 'draft-2020-12',
): unknown {
  const std = (schema as { '~standard'?: { jsonSchema?: { input?: unknown } } } | null)?.[
    '~standard'
  ];
  const converter = std?.jsonSchema?.input;
  if (typeof converter !== 'function') return undefined;
  try {
    return converter.call(std?.jsonSchema, { target });
  } catch {
    return undefined;
  }
}
