import { type ArgsealTool, defineTool, isArgsealTool } from '@argseal/core';
import { type JsonObjectSchema, modelJsonSchema, standardJsonSchema } from '@argseal/core/kit';
import type { FunctionTool } from '@openai/agents';
import { getAgentsToolSource } from './agents-tool.js';
import { ArgsealAgentsError } from './errors.js';
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

/** Turns a sealable tool into what the tool seam needs, or refuses (closed by default). */
export function resolveTool(value: unknown, options: SealToolOptions = {}): SealedToolSpec {
  const defined = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v != null));
  const own = defined(options);
  if (isArgsealTool(value)) {
    const parameters = modelJsonSchema(standardJsonSchema(value.schema));
    const description = value.description ?? '';
    return { tool: value, fields: { description, parameters, ...own } as SealedToolSpec['fields'] };
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
    // only these SDK fields: the SDK's own tool() also carries internals that bypass invoke
    const { description, parameters, strict, isEnabled, inputGuardrails, outputGuardrails } = fn;
    const kept = { description, parameters, strict, isEnabled, inputGuardrails, outputGuardrails };
    return { tool, fields: { ...defined(kept), ...own } as SealedToolSpec['fields'] };
  }
  const name = (value as { name?: unknown } | null)?.name;
  throw new ArgsealAgentsError(
    'unsealable_tool',
    `tool "${typeof name === 'string' ? name : '(unnamed)'}" cannot be sealed: use defineTool() from @argseal/core or tool() from @argseal/openai-agents (the SDK's own tool() hides its schema and execute)`,
  );
}
