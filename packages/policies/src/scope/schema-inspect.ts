import { PolicyConfigError } from '../errors.js';

/** A JSON Schema object as a Standard Schema library exposes it. */
export type JsonSchemaObject = { readonly [key: string]: unknown };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The JSON Schema a Standard JSON Schema (`~standard.jsonSchema`, zod 4, arktype...) exposes:
 * of its output first (what reaches `execute`: zod's `z.object` strips unknown keys, so its
 * output schema is closed while its input schema is open), else of its input.
 */
function fromStandardJsonSchema(schema: unknown): JsonSchemaObject | undefined {
  if (!isObject(schema) && typeof schema !== 'function') return undefined;
  const standard = (schema as Record<string, unknown>)['~standard'];
  if (!isObject(standard) || !isObject(standard.jsonSchema)) return undefined;
  for (const io of ['output', 'input']) {
    const convert = standard.jsonSchema[io];
    if (typeof convert !== 'function') continue;
    for (const target of ['draft-2020-12', 'draft-07']) {
      try {
        const out = convert.call(standard.jsonSchema, { target });
        if (isObject(out)) return out;
      } catch {
        // try the next target, then the input, then the object shape
      }
    }
  }
  return undefined;
}

/** Object kinds that keep unknown members: zod catchall/record, valibot loose/rest/record. */
const OPEN_KINDS = new Set(['record', 'loose_object', 'object_with_rest']);

function isOpenShape(s: Record<string, unknown>, zodDef: Record<string, unknown> | undefined) {
  if (zodDef?.type === 'record' || (typeof s.type === 'string' && OPEN_KINDS.has(s.type)))
    return true;
  const catchall = zodDef?.catchall;
  const catchallDef =
    isObject(catchall) && isObject(catchall._zod) && isObject(catchall._zod.def)
      ? catchall._zod.def
      : undefined;
  return catchall !== undefined && catchallDef?.type !== 'never';
}

/** A JSON-Schema-like view of an object shape (zod `.shape`, valibot `.entries`). */
function fromShape(schema: unknown, seen: Set<unknown>): JsonSchemaObject | undefined {
  if (!isObject(schema) && typeof schema !== 'function') return undefined;
  if (seen.has(schema)) return {};
  seen.add(schema);
  const s = schema as Record<string, unknown>;
  const zodDef = isObject(s._zod) && isObject(s._zod.def) ? s._zod.def : undefined;
  const shape = [s.shape, s.entries, zodDef?.shape].find(isObject);
  const open = isOpenShape(s, zodDef);
  if (!shape && open) return { type: 'object', additionalProperties: {} };
  if (!shape) {
    const element = zodDef?.element ?? s.item ?? s.element;
    if (element !== undefined) {
      const items = fromShape(element, seen);
      return items ? { type: 'array', items } : undefined;
    }
    const inner = zodDef?.innerType ?? s.wrapped;
    return inner !== undefined ? fromShape(inner, seen) : undefined;
  }
  const properties: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(shape)) properties[key] = fromShape(value, seen) ?? {};
  return { type: 'object', properties, additionalProperties: open ? {} : false };
}

/**
 * The JSON Schema of a tool's input: `explicit` if given, else the schema's Standard
 * JSON Schema (`~standard.jsonSchema.input`), else its object shape. Throws
 * `scope_schema_uninspectable` when none is available (closed: a schema argseal cannot
 * read is not assumed to be free of scope fields).
 */
export function inspectSchema(schema: unknown, explicit: unknown, tool: string): JsonSchemaObject {
  if (explicit !== undefined) {
    if (!isObject(explicit)) {
      throw new PolicyConfigError(
        'invalid_policy_options',
        `tool "${tool}": jsonSchema must be an object`,
      );
    }
    return explicit;
  }
  const found = fromStandardJsonSchema(schema) ?? fromShape(schema, new Set());
  if (!found) {
    throw new PolicyConfigError(
      'scope_schema_uninspectable',
      `tool "${tool}": cannot read the schema's fields; pass jsonSchema explicitly`,
    );
  }
  return found;
}
