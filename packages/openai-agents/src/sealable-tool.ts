import { type ArgsealTool, defineTool, isArgsealTool } from '@argseal/core';
import {
  isStandardSchema,
  type JsonObjectSchema,
  modelJsonSchema,
  standardJsonSchema,
} from '@argseal/core/kit';
import { tool as agentsTool, type FunctionTool } from '@openai/agents';
import { ArgsealAgentsError } from './errors.js';

/** The argseal tool, and the FunctionTool fields the SDK sees (description, schema, extras). */
export interface SealedToolSpec {
  tool: ArgsealTool;
  fields: Partial<FunctionTool<any, any, any>> & Pick<FunctionTool, 'description' | 'parameters'>;
}

/** What a sealed SDK-style tool needs that the SDK's FunctionTool object hides. */
export interface AgentsToolSource {
  /** The zod (Standard Schema) parameters given to `tool()`. */
  schema: unknown;
  execute: (input: any, runContext: any, details: any) => unknown;
}

const sources = new WeakMap<object, AgentsToolSource>();

/**
 * Drop-in for `tool()` from `@openai/agents` (same options, same FunctionTool, works unsealed
 * too) that remembers the zod parameters and `execute`, so sealing runs the schema once, in
 * the argseal pipeline, and `execute` on a fresh copy: the SDK never parses the arguments.
 */
export const tool: typeof agentsTool = ((options: { execute?: unknown; parameters?: unknown }) => {
  const created = agentsTool(options as never) as FunctionTool<any, any, any>;
  const { execute, parameters: schema } = options;
  if (typeof execute === 'function' && isStandardSchema(schema))
    sources.set(created, { schema, execute: execute as AgentsToolSource['execute'] });
  return created;
}) as typeof agentsTool;

/** The remembered source of a tool made by this module's `tool()`, if any. */
export function getAgentsToolSource(value: unknown): AgentsToolSource | undefined {
  return typeof value === 'object' && value !== null ? sources.get(value) : undefined;
}

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
  const why = `tool "${typeof name === 'string' ? name : '(unnamed)'}" cannot be sealed: use defineTool() from @argseal/core or tool() from @argseal/openai-agents (the SDK's own tool() hides its schema and execute)`;
  throw new ArgsealAgentsError('unsealable_tool', why);
}
