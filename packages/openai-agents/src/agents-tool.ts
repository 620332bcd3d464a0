import { isStandardSchema } from '@argseal/core/kit';
import { tool as agentsTool, type FunctionTool } from '@openai/agents';

/** What a sealed SDK-style tool needs that the SDK's FunctionTool object hides. */
export interface AgentsToolSource {
  /** The zod (Standard Schema) parameters given to `tool()`. */
  schema: unknown;
  execute: (input: any, runContext: any, details: any) => unknown;
}

const sources = new WeakMap<object, AgentsToolSource>();

/**
 * Drop-in for `tool()` from `@openai/agents`: same options, same FunctionTool (it works
 * unsealed too). It also remembers the zod parameters and `execute`, so sealing can run
 * the schema exactly once inside the argseal pipeline and call `execute` on a fresh copy
 * without the SDK parsing the arguments a second time.
 */
export const tool: typeof agentsTool = ((options: Parameters<typeof agentsTool>[0]) => {
  const created = agentsTool(options as never) as FunctionTool<any, any, any>;
  const execute = (options as { execute?: unknown }).execute;
  const schema = (options as { parameters?: unknown }).parameters;
  if (typeof execute === 'function' && isStandardSchema(schema)) {
    sources.set(created, { schema, execute: execute as AgentsToolSource['execute'] });
  }
  return created;
}) as typeof agentsTool;

/** The remembered source of a tool made by this module's `tool()`, if any. */
export function getAgentsToolSource(value: unknown): AgentsToolSource | undefined {
  return typeof value === 'object' && value !== null ? sources.get(value) : undefined;
}
