import { type ArgsealTool, defineTool, isArgsealTool } from '@argseal/core';
import { isStandardSchema, standardSchema } from '@argseal/core/kit';
import { type Tool, type ToolExecutionOptions, TypeValidationError } from 'ai';
import { ArgsealAiSdkError } from './errors.js';

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

type Schema = ArgsealTool['schema'];
type SdkSchema = { validate?: (value: unknown) => unknown };
type Validation = { success: true; value: unknown } | { success: false; error: unknown };
type Issue = { message: string; path?: readonly PropertyKey[] };

const isIssueList = (v: unknown): v is Issue[] =>
  Array.isArray(v) && v.length > 0 && v.every((i) => typeof i?.message === 'string');

/**
 * Issues of a failed SDK validation, never the value: a `TypeValidationError`'s message
 * embeds `Value: <the arguments>`, so only its cause is read.
 */
function issuesOf(error: unknown): Issue[] {
  const cause = TypeValidationError.isInstance(error) ? error.cause : error;
  const list = isIssueList(cause) ? cause : (cause as { issues?: unknown } | null)?.issues;
  if (isIssueList(list))
    return list.map((i) => ({
      message: i.message,
      ...(Array.isArray(i.path) ? { path: i.path } : {}),
    }));
  if (cause instanceof Error && !TypeValidationError.isInstance(cause))
    return [{ message: cause.message }];
  return [{ message: 'invalid input' }];
}

/** A tool's `inputSchema` as a Standard Schema: as is, or a validating `jsonSchema()` wrapped. */
function resolveSchema(name: string, input: unknown): Schema {
  const schema = typeof input === 'function' ? (input as () => unknown)() : input; // lazySchema
  if (isStandardSchema(schema)) return schema;
  const validate = (schema as SdkSchema | null)?.validate;
  if (
    typeof schema !== 'object' ||
    schema === null ||
    !(Symbol.for('vercel.ai.schema') in schema) ||
    typeof validate !== 'function'
  ) {
    throw new ArgsealAiSdkError(
      'unsupported_schema',
      'inputSchema must be a Standard Schema (zod, valibot, arktype) or a validating jsonSchema()',
      name,
    );
  }
  return standardSchema('ai-sdk-json-schema', async (value) => {
    const result = (await validate(value)) as Validation;
    return result.success ? { value: result.value } : { issues: issuesOf(result.error) };
  });
}

/** Turns one tool set entry into an argseal tool. Throws {@link ArgsealAiSdkError}. */
export function normalizeTool(name: string, entry: SealableTool): NormalizedTool {
  if (isArgsealTool(entry)) {
    if (entry.name !== name) {
      const why = `is registered under the key "${name}"; keys must equal the argseal tool name`;
      throw new ArgsealAiSdkError('tool_name_mismatch', why, entry.name);
    }
    return { argseal: entry, keep: {}, schemaSource: entry.schema };
  }
  const sdkTool = entry as (Tool<any, any, any> & { type?: string }) | null;
  if (typeof sdkTool !== 'object' || sdkTool === null) {
    throw new ArgsealAiSdkError(
      'unsupported_tool',
      'is neither an argseal tool nor an AI SDK tool',
      name,
    );
  }
  if (sdkTool.type === 'provider' || typeof sdkTool.execute !== 'function') {
    const why = 'must have an execute function (provider-executed tools cannot be sealed)';
    throw new ArgsealAiSdkError('unsupported_tool', why, name);
  }
  const execute = sdkTool.execute as (input: unknown, o: ToolExecutionOptions<unknown>) => unknown;
  const {
    inputSchema,
    execute: _e,
    needsApproval: _n,
    description,
    ...keep
  } = sdkTool as Record<string, unknown>;
  const argseal = defineTool({
    name,
    ...(typeof description === 'string' ? { description } : {}),
    schema: resolveSchema(name, inputSchema),
    // the SDK's own options arrive as `ctx.host`; outside an SDK run, minimal options
    execute: (input: unknown, ctx) =>
      execute(
        input,
        (ctx.host as ToolExecutionOptions<unknown> | undefined) ?? {
          toolCallId: ctx.toolCallId,
          messages: [],
          context: undefined,
          ...(ctx.signal ? { abortSignal: ctx.signal } : {}),
        },
      ),
  });
  return { argseal, keep, schemaSource: inputSchema };
}
