import { PolicyConfigError } from '../errors.js';
import { compilePointer, escapeToken } from '../internal/json-pointer.js';
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
  /** JSON Pointers (with `*` for array items) of fields that are allowed despite their name. */
  allowPaths?: readonly string[];
  /** The tool's input JSON Schema, when the schema library exposes none. */
  jsonSchema?: JsonSchemaObject;
}

/** `tenant_id`, `TenantId` and `tenant-id` all normalize to `tenantid`. */
function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[\s_-]/g, '');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function resolveRef(root: JsonSchemaObject, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const token of compilePointer(ref.slice(1), 'ref').segments) {
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/**
 * JSON Pointers (into the arguments, `*` for array items) of every property in `root`
 * whose name is a scope field. Walks properties, items, prefixItems, anyOf/oneOf/allOf,
 * if/then/else, dependentSchemas and local `$ref`s; a `patternProperties` pattern that
 * matches a scope field name counts too.
 */
export function findScopeFieldsInJsonSchema(
  root: JsonSchemaObject,
  fields: readonly string[],
): string[] {
  const names = new Set(fields.map(normalizeName));
  const found = new Set<string>();
  const active = new Set<unknown>();
  const visit = (node: unknown, path: string): void => {
    if (!isObject(node) || active.has(node)) return;
    active.add(node);
    if (typeof node.$ref === 'string') visit(resolveRef(root, node.$ref), path);
    if (isObject(node.properties)) {
      for (const [key, sub] of Object.entries(node.properties)) {
        const at = `${path}/${escapeToken(key)}`;
        if (names.has(normalizeName(key))) found.add(at);
        visit(sub, at);
      }
    }
    if (isObject(node.patternProperties)) {
      for (const [pattern, sub] of Object.entries(node.patternProperties)) {
        let re: RegExp | undefined;
        try {
          re = new RegExp(pattern, 'u');
        } catch {
          re = undefined;
        }
        if (!re || fields.some((f) => re.test(f))) found.add(`${path}/${escapeToken(pattern)}`);
        visit(sub, `${path}/*`);
      }
    }
    for (const key of ['items', 'additionalItems', 'contains', 'unevaluatedItems'])
      visit(node[key], `${path}/*`);
    for (const key of ['prefixItems', 'items']) {
      const list = node[key];
      if (Array.isArray(list)) for (const [i, sub] of list.entries()) visit(sub, `${path}/${i}`);
    }
    for (const key of ['anyOf', 'oneOf', 'allOf']) {
      if (Array.isArray(node[key])) for (const sub of node[key] as unknown[]) visit(sub, path);
    }
    for (const key of ['if', 'then', 'else']) visit(node[key], path);
    if (isObject(node.dependentSchemas))
      for (const sub of Object.values(node.dependentSchemas)) visit(sub, path);
    active.delete(node);
  };
  visit(root, '');
  return [...found].sort();
}

function pathAllowed(path: string, allow: readonly string[]): boolean {
  const segments = path.split('/');
  return allow.some((pattern) => {
    const want = pattern.split('/');
    return (
      want.length === segments.length &&
      want.every((w, i) => w === segments[i] || (w === '*' && /^(\*|\d+)$/.test(segments[i]!)))
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
  return findScopeFieldsInJsonSchema(json, fields).filter((p) => !pathAllowed(p, allow));
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
      `tool "${options.tool ?? '(unnamed)'}": schema declares scope field(s) ${found.join(', ')}; ` +
        'take scope from the server context instead',
    );
  }
}
