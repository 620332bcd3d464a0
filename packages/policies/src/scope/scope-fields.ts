import { PolicyConfigError } from '../errors.js';
import { compilePointer } from '../internal/json-pointer.js';
import { type ScopeFieldKind, scanJsonSchema } from './json-schema-scope.js';
import { inspectSchema, type JsonSchemaObject } from './schema-inspect.js';

/** Field names that carry scope (whose data a call touches). Compared case- and separator-insensitively. */
export const DEFAULT_SCOPE_FIELDS: readonly string[] = Object.freeze([
  'owner',
  'ownerId',
  'account',
  'accountId',
  'tenant',
  'tenantId',
  'user',
  'userId',
]);

/**
 * Which schema properties count as scope fields, for {@link findScopeFields},
 * {@link assertNoScopeFields} and {@link defineScopedTool}. Invalid values throw
 * {@link PolicyConfigError} `invalid_policy_options` or `invalid_json_pointer`.
 */
export interface ScopeFieldOptions {
  /** Field names that count as scope. Replaces {@link DEFAULT_SCOPE_FIELDS}. */
  fields?: readonly string[];
  /**
   * JSON Pointers of fields allowed despite their name: `*` matches array items, and as the
   * last segment also every name an open object admits (`/metadata/*` for a record).
   */
  allowPaths?: readonly string[];
  /** The tool's input JSON Schema, when the schema library exposes none. */
  jsonSchema?: JsonSchemaObject;
}

/**
 * JSON Pointers (into the arguments, `*` for array items and record values) of every scope
 * field `root` declares: properties with a scope field's name, `patternProperties` matching
 * one, and every scope field name at an open object (`additionalProperties` absent or other
 * than `false`, unless `unevaluatedProperties` is `false`; a `propertyNames` enum narrows it).
 */
export function findScopeFieldsInJsonSchema(
  root: JsonSchemaObject,
  fields: readonly string[],
): string[] {
  return [...scanJsonSchema(root, fields).keys()].sort();
}

/**
 * `*` in an allowed path matches array items (`*` or an index); at the end of the path it
 * also matches any name an open object admits (`/metadata/*` allows a record's names).
 */
function pathAllowed(path: string, kind: ScopeFieldKind, allow: readonly string[]): boolean {
  const segments = path.split('/');
  return allow.some((pattern) => {
    const want = pattern.split('/');
    return (
      want.length === segments.length &&
      want.every(
        (w, i) =>
          w === segments[i] ||
          (w === '*' &&
            (/^(\*|\d+)$/.test(segments[i]!) || (kind === 'open' && i === want.length - 1))),
      )
    );
  });
}

/** Scope fields a tool's schema declares (after `allowPaths`), as JSON Pointers. */
export function findScopeFields(
  schema: unknown,
  options: ScopeFieldOptions & { tool?: string } = {},
): string[] {
  const fields = options.fields ?? DEFAULT_SCOPE_FIELDS;
  if (
    !Array.isArray(fields) ||
    fields.length === 0 ||
    !fields.every((f) => typeof f === 'string' && f !== '')
  ) {
    throw new PolicyConfigError(
      'invalid_policy_options',
      'scope: fields must be a non-empty array of names',
    );
  }
  const allow = options.allowPaths ?? [];
  allow.forEach((p, i) => {
    compilePointer(p, `scope: allowPaths[${i}]`);
  });
  const json = inspectSchema(schema, options.jsonSchema, options.tool ?? '(unnamed)');
  return [...scanJsonSchema(json, fields)]
    .filter(([path, kind]) => !pathAllowed(path, kind, allow))
    .map(([path]) => path)
    .sort();
}

/** Throws `scope_field_in_schema` (naming the tool and the field paths) when the schema declares scope fields. */
export function assertNoScopeFields(
  schema: unknown,
  options: ScopeFieldOptions & { tool?: string } = {},
): void {
  const found = findScopeFields(schema, options);
  if (found.length > 0) {
    throw new PolicyConfigError(
      'scope_field_in_schema',
      `tool "${options.tool ?? '(unnamed)'}": schema declares scope field(s) ${found.join(', ')} ` +
        '(by name, or as an open object that admits any name); take scope from the server ' +
        'context instead, close the object (additionalProperties: false, z.object or ' +
        'z.strictObject), or list the path in allowPaths',
    );
  }
}
