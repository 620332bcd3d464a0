import { type ArgsealTool, defineTool, isArgsealTool } from '@argseal/core';
import { type Tool, type ToolExecutionOptions, TypeValidationError } from 'ai';
import { ArgsealAiSdkError } from './errors.js';
import { type SdkOptionsChannel, sdkOptionsFor } from './sdk-options-channel.js';

/** What {@link sealTools} accepts per entry: an argseal tool or a plain AI SDK tool. */
export type SealableTool = ArgsealTool | Tool<any, any, any>;

/** A tool set entry turned into an argseal tool plus the SDK fields to keep. */
export interface NormalizedTool {
  argseal: ArgsealTool;
  /** SDK tool fields to carry over (title, metadata, toModelOutput, callbacks...). */
  keep: Record<string, unknown>;
  /** Where the JSON Schema for the model comes from. */
  schemaSource: unknown;
}

type StandardLike = ArgsealTool['schema'];
type SdkSchemaLike = {
  validate?: (value: unknown) => unknown;
  jsonSchema: unknown;
};
type ValidationResultLike = { success: true; value: unknown } | { success: false; error: unknown };

const SDK_SCHEMA = Symbol.for('vercel.ai.schema');

function isStandardSchema(value: unknown): value is StandardLike {
  const std = (value as { '~standard'?: { validate?: unknown } } | null)?.['~standard'];
  return typeof std === 'object' && std !== null && typeof std.validate === 'function';
}

function isSdkSchema(value: unknown): value is SdkSchemaLike {
  return typeof value === 'object' && value !== null && SDK_SCHEMA in value;
}

type Issue = { message: string; path?: readonly PropertyKey[] };

function isIssueList(value: unknown): value is Issue[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((i) => typeof (i as Issue | null)?.message === 'string')
  );
}

/**
 * Issues of a failed SDK validation, never the value: a `TypeValidationError`'s
 * message embeds `Value: <the arguments>`, so only its cause is read (standard
 * issues, a zod error's issues, or an error message).
 */
function issuesOf(error: unknown): Issue[] {
  const cause = TypeValidationError.isInstance(error) ? error.cause : error;
  const list = isIssueList(cause) ? cause : (cause as { issues?: unknown } | null)?.issues;
  if (isIssueList(list)) {
    return list.map((i) => ({
      message: i.message,
      ...(Array.isArray(i.path) ? { path: i.path } : {}),
    }));
  }
  if (cause instanceof Error && !TypeValidationError.isInstance(cause)) {
    return [{ message: cause.message }];
  }
  return [{ message: 'invalid input' }];
}

/** Wraps a validating AI SDK `jsonSchema(...)` into a Standard Schema (parse runs once, in argseal). */
function fromSdkSchema(name: string, schema: SdkSchemaLike): StandardLike {
  const validate = schema.validate;
  if (typeof validate !== 'function') {
    throw new ArgsealAiSdkError(
      'unsupported_schema',
      'inputSchema is a jsonSchema() without validate: argseal needs a validating schema',
      name,
    );
  }
  return {
    '~standard': {
      version: 1,
      vendor: 'ai-sdk-json-schema',
      async validate(value: unknown) {
        const result = (await validate(value)) as ValidationResultLike;
        if (result.success) return { value: result.value };
        return { issues: issuesOf(result.error) };
      },
    },
  };
}

function resolveSchema(name: string, input: unknown): StandardLike {
  let schema = input;
  if (typeof schema === 'function') schema = (schema as () => unknown)(); // lazySchema
  if (isStandardSchema(schema)) return schema;
  if (isSdkSchema(schema)) return fromSdkSchema(name, schema);
  throw new ArgsealAiSdkError(
    'unsupported_schema',
    'inputSchema must be a Standard Schema (zod, valibot, arktype) or a validating jsonSchema()',
    name,
  );
}

/** Turns one tool set entry into an argseal tool. Throws {@link ArgsealAiSdkError}. */
export function normalizeTool(
  name: string,
  entry: SealableTool,
  channel: SdkOptionsChannel,
): NormalizedTool {
  if (isArgsealTool(entry)) {
    if (entry.name !== name) {
      throw new ArgsealAiSdkError(
        'tool_name_mismatch',
        `is registered under the key "${name}"; keys must equal the argseal tool name`,
        entry.name,
      );
    }
    return { argseal: entry, keep: {}, schemaSource: entry.schema };
  }
  if (typeof entry !== 'object' || entry === null) {
    throw new ArgsealAiSdkError(
      'unsupported_tool',
      'is neither an argseal tool nor an AI SDK tool',
      name,
    );
  }
  const sdkTool = entry as Tool<any, any, any> & { type?: string };
  if (sdkTool.type === 'provider' || typeof sdkTool.execute !== 'function') {
    throw new ArgsealAiSdkError(
      'unsupported_tool',
      'must have an execute function (provider-executed tools cannot be sealed)',
      name,
    );
  }
  const schema = resolveSchema(name, sdkTool.inputSchema);
  const execute = sdkTool.execute as (
    input: unknown,
    options: ToolExecutionOptions<unknown>,
  ) => unknown;
  const {
    inputSchema: _inputSchema,
    execute: _execute,
    needsApproval: _needsApproval,
    description: _description,
    ...keep
  } = sdkTool as Record<string, unknown>;
  const argseal = defineTool({
    name,
    ...(typeof sdkTool.description === 'string' ? { description: sdkTool.description } : {}),
    schema,
    execute: (input: unknown, ctx) => execute(input, sdkOptionsFor(channel, ctx)),
  });
  return { argseal, keep, schemaSource: sdkTool.inputSchema };
}
