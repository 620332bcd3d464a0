import { ArgsealConfigError } from '../errors.js';
import { parseJsonPointer } from '../json/json-pointer.js';
import { isWellFormedString } from '../json/strict-domain.js';
import { assertKnownOptions } from '../options/known-options.js';
import { compilePresentation } from '../presentation/compile-presentation.js';
import type { ArgsealTool, ToolDefinition } from './types.js';

const TOOL_DEFINITION_KEYS: readonly (keyof ToolDefinition<unknown, unknown>)[] = [
  'name',
  'description',
  'schema',
  'execute',
  'informationalFields',
  'classificationVersion',
  'presentation',
  'policy',
];

/**
 * Declares a tool argseal can seal. The schema is any Standard Schema v1 validator;
 * it runs exactly once per attempt, and `execute` receives a fresh decoded copy of the
 * snapshot of its output.
 *
 * A tool may carry its own `policy`, which the authorizer asks after its own: both must
 * allow, the stricter decision wins (see {@link ToolDefinition.policy}).
 *
 * @throws {ArgsealConfigError} `unknown_option` (a key `ToolDefinition` does not have),
 *   `invalid_tool_name`, `invalid_schema`, `invalid_execute`, `invalid_tool_policy`,
 *   `invalid_informational_field`, `missing_classification_version`, `invalid_presentation`.
 */
export function defineTool<Input, Output, Context = unknown>(
  definition: ToolDefinition<Input, Output, Context>,
): ArgsealTool<Input, Output, Context> {
  assertKnownOptions('defineTool', definition, TOOL_DEFINITION_KEYS);
  const { name, schema, execute } = definition;
  if (
    typeof name !== 'string' ||
    name.length === 0 ||
    name.length > 128 ||
    !isWellFormedString(name)
  ) {
    throw new ArgsealConfigError(
      'invalid_tool_name',
      'defineTool: name must be a non-empty string of at most 128 characters',
    );
  }
  if (!isStandardSchema(schema)) {
    throw new ArgsealConfigError(
      'invalid_schema',
      `defineTool "${name}": schema must implement Standard Schema v1`,
    );
  }
  if (typeof execute !== 'function') {
    throw new ArgsealConfigError(
      'invalid_execute',
      `defineTool "${name}": execute must be a function`,
    );
  }
  const { policy } = definition;
  if (policy !== undefined && typeof policy !== 'function') {
    throw new ArgsealConfigError(
      'invalid_tool_policy',
      `defineTool "${name}": policy must be a policy function (or omitted)`,
    );
  }
  const informationalFields = Object.freeze([...(definition.informationalFields ?? [])]);
  for (const pointer of informationalFields) {
    try {
      if (typeof pointer !== 'string' || pointer === '') throw new TypeError('empty');
      parseJsonPointer(pointer);
    } catch {
      throw new ArgsealConfigError(
        'invalid_informational_field',
        `defineTool "${name}": informationalFields must be non-empty JSON Pointers`,
      );
    }
  }
  if (informationalFields.length > 0 && !definition.classificationVersion) {
    throw new ArgsealConfigError(
      'missing_classification_version',
      `defineTool "${name}": informationalFields need a classificationVersion`,
    );
  }
  const presentation = compilePresentation(name, definition.presentation);
  return Object.freeze({
    kind: 'argseal.tool' as const,
    name,
    description: definition.description,
    schema,
    execute,
    informationalFields,
    classificationVersion: definition.classificationVersion,
    ...(presentation ? { presentation } : {}),
    ...(policy !== undefined ? { policy } : {}),
  });
}

/** True for a Standard Schema v1 validator (zod 4, valibot, arktype...): a `~standard.validate`. */
export function isStandardSchema(value: unknown): value is ArgsealTool['schema'] {
  const std = (value as { '~standard'?: { validate?: unknown } } | null)?.['~standard'];
  return typeof std === 'object' && std !== null && typeof std.validate === 'function';
}

/** True for a tool created by {@link defineTool} (also across duplicate installs). */
export function isArgsealTool(value: unknown): value is ArgsealTool {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'argseal.tool' &&
    typeof (value as { execute?: unknown }).execute === 'function'
  );
}
