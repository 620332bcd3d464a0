import { escapePointerToken } from '@argseal/core/data';
import type { SchemaJson } from '@cedar-policy/cedar-wasm/nodejs';
import { cedar } from './cedar-wasm.js';
import { CedarPolicyError } from './errors.js';

/** A tool as MCP's `tools/list` and most frameworks describe it: a name and an input JSON Schema. */
export interface ToolJsonSchema {
  name: string;
  inputSchema: unknown;
}

/** Options of {@link cedarSchemaFromTools}. Unknown keys throw `invalid_cedar_options`. */
export interface CedarSchemaFromToolsOptions {
  /** JSON Schema (an object schema) of the server context the policies see at `context.server`. */
  server?: unknown;
}

type CedarType = { type: string; [key: string]: unknown };

function unsupported(tool: string, path: string, what: string): CedarPolicyError {
  return new CedarPolicyError(
    'cedar_schema_error',
    `tool "${tool}": ${what} at ${path === '' ? '(root)' : path} has no Cedar type`,
    { path },
  );
}

function typeOf(schema: unknown, tool: string, path: string): CedarType {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw unsupported(tool, path, 'a schema that is not an object');
  }
  const s = schema as Record<string, unknown>;
  let type = s.type;
  if (Array.isArray(type)) {
    const rest = type.filter((t) => t !== 'null');
    type = rest.length === 1 ? rest[0] : undefined;
  }
  if (type === undefined && 'const' in s)
    type = typeof s.const === 'number' ? 'integer' : typeof s.const;
  if (type === undefined && Array.isArray(s.enum) && s.enum.every((v) => typeof v === 'string'))
    type = 'string';
  if (type === undefined && typeof s.properties === 'object') type = 'object';
  switch (type) {
    case 'string':
      return { type: 'String' };
    case 'integer':
    case 'number':
      // fractions never reach Cedar: they are refused when the request is built
      return { type: 'Long' };
    case 'boolean':
      return { type: 'Boolean' };
    case 'array':
      if (s.items === undefined) throw unsupported(tool, path, 'an array without "items"');
      return { type: 'Set', element: typeOf(s.items, tool, `${path}/*`) };
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = new Set(Array.isArray(s.required) ? s.required : []);
      const attributes: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(properties)) {
        attributes[key] = {
          ...typeOf(value, tool, `${path}/${escapePointerToken(key)}`),
          required: required.has(key),
        };
      }
      return { type: 'Record', attributes };
    }
    default:
      throw unsupported(tool, path, 'a schema without one JSON type (anyOf, $ref, …)');
  }
}

/**
 * A Cedar schema (JSON form) for tools described by JSON Schema: entity types `Agent` and
 * `Tool`, one action per tool (principal `Agent`, resource `Tool`), whose context is
 * `{ args: <the input schema as a Cedar record>, server: <options.server or {}> }`.
 * Strings, booleans and integers map to `String`, `Boolean`, `Long` (a JSON Schema `number`
 * too: fractions are refused when a request is built), arrays to `Set`, objects to records
 * (closed: an argument the schema does not declare fails request validation), properties
 * outside `required` to optional attributes. A schema with no single type (`anyOf`, `$ref`)
 * or an array without `items` throws `cedar_schema_error` naming the tool and JSON Pointer.
 */
export function cedarSchemaFromTools(
  tools: readonly ToolJsonSchema[],
  options: CedarSchemaFromToolsOptions = {},
): SchemaJson<string> {
  if (typeof options !== 'object' || options === null) {
    throw new CedarPolicyError(
      'invalid_cedar_options',
      'cedarSchemaFromTools: options must be an object',
    );
  }
  for (const key of Object.keys(options)) {
    if (key !== 'server')
      throw new CedarPolicyError(
        'invalid_cedar_options',
        `cedarSchemaFromTools: unknown option "${key}"`,
      );
  }
  if (!Array.isArray(tools))
    throw new CedarPolicyError(
      'invalid_cedar_options',
      'cedarSchemaFromTools: tools must be an array',
    );
  const server =
    options.server === undefined
      ? { type: 'Record', attributes: {} }
      : typeOf(options.server, '(server)', '');
  if (server.type !== 'Record')
    throw unsupported('(server)', '', 'a server context that is not an object');
  const actions: Record<string, unknown> = {};
  for (const tool of tools) {
    if (typeof tool?.name !== 'string' || tool.name === '') {
      throw new CedarPolicyError(
        'invalid_cedar_options',
        'cedarSchemaFromTools: every tool needs a name',
      );
    }
    if (Object.hasOwn(actions, tool.name)) {
      throw new CedarPolicyError(
        'invalid_cedar_options',
        `cedarSchemaFromTools: two tools are named "${tool.name}"`,
      );
    }
    const args = typeOf(tool.inputSchema ?? { type: 'object' }, tool.name, '');
    actions[tool.name] = {
      appliesTo: {
        principalTypes: ['Agent'],
        resourceTypes: ['Tool'],
        context: {
          type: 'Record',
          attributes: { args: { ...args, required: true }, server: { ...server, required: true } },
        },
      },
    };
  }
  return { '': { entityTypes: { Agent: {}, Tool: {} }, actions } } as unknown as SchemaJson<string>;
}

/** Cedar's human-readable text of a schema (JSON form), as `argseal policy schema` prints it. */
export function cedarSchemaText(schema: SchemaJson<string>): string {
  const answer = cedar().schemaToText(schema);
  if (answer.type === 'failure') {
    throw new CedarPolicyError(
      'cedar_schema_error',
      `cedar: the schema does not convert: ${answer.errors.map((e) => e.message).join('; ')}`,
    );
  }
  return answer.text;
}
