import type { ArgsealTool, Authorizer, SuspendedToolProposal } from '@argseal/core';
import {
  type GenericToolApprovalFunction,
  type LanguageModelMiddleware,
  type Tool,
  type ToolSet,
  wrapLanguageModel,
} from 'ai';
import { CallCache } from './call-cache.js';
import { CheckedCalls } from './checked-calls.js';
import { ArgsealAiSdkError } from './errors.js';
import { passThroughSchema } from './json-schema-for.js';
import { createModelSeam } from './model-seam.js';
import { type NormalizedTool, normalizeTool, type SealableTool } from './normalize-tool.js';
import type { SealRuntime } from './runtime.js';
import type { SdkOptionsChannel } from './sdk-options-channel.js';
import { createSealedExecute } from './sealed-execute.js';
import { createToolApproval } from './tool-approval.js';

type WrappableModel = Parameters<typeof wrapLanguageModel>[0]['model'];

/** Options of {@link sealTools}. `Context` is the server context type of the authorizer. */
export interface SealToolsOptions<Context = unknown> {
  /** The argseal authorizer (policy, approval store, audit, rewrite hooks). */
  authorizer: Authorizer<Context>;
  /**
   * Application-owned server context (identity, tenant) handed to policy, rewrite
   * hooks and tools. Never model-filled. Create one `sealTools` per request when it
   * differs per user (cheap).
   */
  context?: Context;
  /**
   * Opt-in. By default an approval counts only when the approval STORE holds a live
   * grant (decided server-side, e.g. in a console). With this set, the client's
   * `tool-approval-response` with `approved: true` is turned into a grant, but only
   * for the pending proposal the server suspended for that call with the same
   * proposal hash, once. `true` records the approver as `"client"`.
   */
  trustClientApprovals?: boolean | { approver: string };
  /** Bound of the in-memory hand-over cache between seams. Default 1024. */
  maxCachedCalls?: number;
}

/** The pieces to pass to `generateText` / `streamText` / agents. */
export interface SealedTools<TOOLS extends ToolSet = ToolSet> {
  /** Sealed AI SDK tools (pass-through input schema; execution on a fresh copy). */
  tools: TOOLS;
  /** Pass as `toolApproval`: maps require_approval to the SDK's user-approval pause. */
  toolApproval: GenericToolApprovalFunction<TOOLS, any, unknown>;
  /** The model-side seam; prefer {@link SealedTools.wrapModel}. */
  middleware: LanguageModelMiddleware;
  /** The model with the argseal middleware applied. */
  wrapModel(model: WrappableModel): ReturnType<typeof wrapLanguageModel>;
  /** `{ model, tools, toolApproval }` to spread into generateText / streamText. */
  settings(model: WrappableModel): {
    model: ReturnType<typeof wrapLanguageModel>;
    tools: TOOLS;
    toolApproval: GenericToolApprovalFunction<TOOLS, any, unknown>;
  };
  /** The proposal last suspended for a tool call (its `proposalHash` is what a human approves). */
  proposalFor(toolCallId: string): SuspendedToolProposal | undefined;
}

type SealedToolSet<T> = T extends readonly ArgsealTool[]
  ? Record<string, Tool<any, any>>
  : { [K in keyof T]: Tool<any, any> };

function entriesOf(
  tools: Record<string, SealableTool> | readonly ArgsealTool[],
): [string, SealableTool][] {
  if (Array.isArray(tools)) return tools.map((t: ArgsealTool) => [t.name, t]);
  return Object.keys(tools).map((name) => [
    name,
    (tools as Record<string, SealableTool>)[name] as SealableTool,
  ]);
}

/**
 * Seal a tool set in one line: argseal tools (`defineTool`) and plain AI SDK tools
 * with a zod / Standard Schema `inputSchema` both work.
 *
 * ```ts
 * const sealed = sealTools({ lookup_order, refund }, { authorizer });
 * await generateText({ ...sealed.settings(model), messages });
 * ```
 */
export function sealTools<
  const T extends Record<string, SealableTool> | readonly ArgsealTool[],
  Context = unknown,
>(tools: T, options: SealToolsOptions<Context>): SealedTools<SealedToolSet<T> & ToolSet> {
  const channel: SdkOptionsChannel = new Map();
  const normalized = new Map<string, NormalizedTool>();
  for (const [name, entry] of entriesOf(tools)) {
    if (normalized.has(name)) {
      throw new ArgsealAiSdkError('tool_name_mismatch', 'appears twice in the tool set', name);
    }
    normalized.set(name, normalizeTool(name, entry, channel));
  }
  const trust = options.trustClientApprovals;
  const rt: SealRuntime<Context> = {
    authorizer: options.authorizer,
    context: options.context,
    tools: new Map([...normalized].map(([name, n]) => [name, n.argseal])),
    cache: new CallCache(options.maxCachedCalls),
    checked: new CheckedCalls(),
    executes: new Map(),
    channel,
    clientApprover:
      trust === true
        ? 'client'
        : typeof trust === 'object' && trust !== null
          ? trust.approver
          : undefined,
    proposals: new Map(),
  };
  const sdkTools: Record<string, Tool<any, any>> = {};
  for (const [name, n] of normalized) {
    const execute = createSealedExecute(rt, n.argseal);
    rt.executes.set(name, execute);
    // defineProperty: a tool named "__proto__" stays an own entry, never a prototype
    Object.defineProperty(sdkTools, name, {
      value: {
        ...n.keep,
        ...(n.argseal.description !== undefined ? { description: n.argseal.description } : {}),
        inputSchema: passThroughSchema(n.schemaSource),
        execute,
      } as Tool<any, any>,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  const sealedTools = sdkTools as SealedToolSet<T> & ToolSet;
  const middleware = createModelSeam(rt);
  const toolApproval = createToolApproval(rt) as unknown as GenericToolApprovalFunction<
    SealedToolSet<T> & ToolSet,
    any,
    unknown
  >;
  const wrapModel = (model: WrappableModel) => wrapLanguageModel({ model, middleware });
  return {
    tools: sealedTools,
    toolApproval,
    middleware,
    wrapModel,
    settings: (model) => ({ model: wrapModel(model), tools: sealedTools, toolApproval }),
    proposalFor: (toolCallId) => rt.proposals.get(toolCallId),
  };
}
