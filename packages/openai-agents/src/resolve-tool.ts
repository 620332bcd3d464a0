import { type ArgsealTool, defineTool } from '@argseal/core';
import type { FunctionTool } from '@openai/agents';
import { getAgentsToolSource } from './agents-tool.js';
import { ArgsealAgentsError } from './errors.js';
import { type JsonObjectSchema, jsonSchemaFor } from './json-schema.js';
import type { SealedToolSpec } from './tool-seam.js';

/** A tool that can be sealed: a `defineTool` tool or a tool from this package's `tool()`. */
export type SealableTool = ArgsealTool<any, any, any> | FunctionTool<any, any, any>;

/** Options of {@link AgentsSeal.tool} for sealing an argseal (`defineTool`) tool. */
export interface SealToolOptions {
  /** JSON Schema shown to the model for an argseal tool (default: from the schema). */
  parameters?: JsonObjectSchema;
  /** OpenAI strict mode for an argseal tool's JSON Schema. Default false. */
  strict?: boolean;
}

function isArgsealTool(value: unknown): value is ArgsealTool {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'argseal.tool' &&
    typeof (value as { execute?: unknown }).execute === 'function'
  );
}

function toolName(value: unknown): string {
  const name = (value as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : '(unnamed)';
}

/** Turns a sealable tool into what the tool seam needs, or refuses (closed by default). */
export function resolveTool(value: unknown, options: SealToolOptions = {}): SealedToolSpec {
  if (isArgsealTool(value)) {
    return {
      tool: value,
      description: value.description ?? '',
      parameters: options.parameters ?? jsonSchemaFor(value),
      strict: options.strict ?? false,
    };
  }
  const source = getAgentsToolSource(value);
  if (source) {
    const fn = value as FunctionTool<any, any, any>;
    const tool = defineTool({
      name: fn.name,
      description: fn.description,
      schema: source.schema as ArgsealTool['schema'],
      execute: (input, ctx) => {
        const host = ctx.host as { runContext?: unknown; details?: unknown } | undefined;
        return source.execute(input, host?.runContext, host?.details);
      },
    });
    return {
      tool,
      description: fn.description,
      parameters: (options.parameters ?? fn.parameters) as JsonObjectSchema,
      strict: options.strict ?? fn.strict,
      extras: {
        isEnabled: fn.isEnabled,
        ...(fn.inputGuardrails ? { inputGuardrails: fn.inputGuardrails } : {}),
        ...(fn.outputGuardrails ? { outputGuardrails: fn.outputGuardrails } : {}),
      },
    };
  }
  throw new ArgsealAgentsError(
    'unsealable_tool',
    `tool "${toolName(value)}" cannot be sealed: use defineTool() from @argseal/core or tool() from @argseal/openai-agents (the SDK's own tool() hides its schema and execute)`,
  );
}
