import { compilePointer, escapeToken } from '../internal/json-pointer.js';
import type { JsonSchemaObject } from './schema-inspect.js';

/**
 * How a schema declares a scope field: by name (`declared`), or by being an open object
 * (`open`: `additionalProperties` other than `false`, a record, a loose object), which
 * admits every name, so each scope field name counts as declared there.
 */
export type ScopeFieldKind = 'declared' | 'open';

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

const OBJECT_KEYWORDS = [
  'properties',
  'additionalProperties',
  'patternProperties',
  'propertyNames',
];

/** An object schema that admits members it does not name: JSON Schema's default. */
function isOpenObject(node: Record<string, unknown>): boolean {
  const type = node.type;
  const objectTyped = type === 'object' || (Array.isArray(type) && type.includes('object'));
  if (!objectTyped && !OBJECT_KEYWORDS.some((k) => k in node)) return false;
  return node.additionalProperties !== false && node.unevaluatedProperties !== false;
}

/** Names an open object admits: its `propertyNames` enum/const when it has one, else all. */
function admittedNames(node: Record<string, unknown>, fields: readonly string[]): string[] {
  const names = isObject(node.propertyNames) ? node.propertyNames : undefined;
  const listed = Array.isArray(names?.enum)
    ? names.enum
    : names && 'const' in names
      ? [names.const]
      : undefined;
  if (!listed) return [...fields];
  const wanted = new Set(fields.map(normalizeName));
  return listed.filter((n): n is string => typeof n === 'string' && wanted.has(normalizeName(n)));
}

/**
 * Every scope field `root` declares, as a JSON Pointer into the arguments (`*` for array
 * items and record values) with how it is declared. Walks properties, items, prefixItems,
 * additionalProperties, anyOf/oneOf/allOf, if/then/else, dependentSchemas and local
 * `$ref`s; a `patternProperties` pattern that matches a scope field name counts too.
 */
export function scanJsonSchema(
  root: JsonSchemaObject,
  fields: readonly string[],
): Map<string, ScopeFieldKind> {
  const names = new Set(fields.map(normalizeName));
  const found = new Map<string, ScopeFieldKind>();
  const active = new Set<unknown>();
  const visit = (node: unknown, path: string): void => {
    if (!isObject(node) || active.has(node)) return;
    active.add(node);
    if (typeof node.$ref === 'string') visit(resolveRef(root, node.$ref), path);
    if (isObject(node.properties)) {
      for (const [key, sub] of Object.entries(node.properties)) {
        const at = `${path}/${escapeToken(key)}`;
        if (names.has(normalizeName(key))) found.set(at, 'declared');
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
        if (!re || fields.some((f) => re.test(f)))
          found.set(`${path}/${escapeToken(pattern)}`, 'declared');
        visit(sub, `${path}/*`);
      }
    }
    if (isOpenObject(node)) {
      for (const name of admittedNames(node, fields)) {
        const at = `${path}/${escapeToken(name)}`;
        if (!found.has(at)) found.set(at, 'open');
      }
    }
    for (const key of ['items', 'additionalItems', 'contains', 'unevaluatedItems'])
      visit(node[key], `${path}/*`);
    for (const key of ['additionalProperties', 'unevaluatedProperties'])
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
  return found;
}
