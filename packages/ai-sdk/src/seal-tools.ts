import type { ArgsealTool } from '@argseal/core';
import { type AdapterOptions, createAdapterRuntime, type RawTextPath } from '@argseal/core/kit';
import type { ApprovalGrant, SuspendedToolProposal } from '@argseal/core/store';
import {
  type GenericToolApprovalFunction,
  type LanguageModelMiddleware,
  type ModelMessage,
  type Tool,
  type ToolSet,
  wrapLanguageModel,
} from 'ai';
import {
  type ApproveOptions,
  approvalsOf,
  type PendingApproval,
  type RejectOptions,
} from './approvals.js';
import { ArgsealAiSdkError } from './errors.js';
import { passThroughSchema } from './json-schema-for.js';
import { createModelSeam } from './model-seam.js';
import { type NormalizedTool, normalizeTool, type SealableTool } from './normalize-tool.js';
import { isRawTextPath } from './raw-text-paths.js';
import type { AiSdkSeal } from './seal-state.js';
import { createSealedExecute } from './sealed-execute.js';
import { createToolApproval } from './tool-approval.js';

type WrappableModel = Parameters<typeof wrapLanguageModel>[0]['model'];

/**
 * Options of {@link sealTools}: the kit's shared `AdapterOptions` (`authorizer`; `context`:
 * the server context for policy, rewrite hooks and tools, a fixed value or a function
 * called once per call; `allowDecodedOnly`: explicit, weaker opt-out for calls that reach
 * a tool only decoded (`tools` without `wrapModel` or the fetch guard), default refused
 * with `raw_text_unavailable`; `maxCachedCalls`, default 1024) plus the SDK's own.
 */
export interface SealToolsOptions<Context = unknown> extends AdapterOptions<Context, void> {
  /**
   * Opt-in: the client's approved `tool-approval-response` becomes a grant for the pending
   * proposal of that call and hash, once (`approvePending`). `true`: approver `"client"`.
   */
  trustClientApprovals?: boolean | { approver: string };
}

/** The pieces to pass to `generateText` / `streamText` / agents. */
export interface SealedTools<TOOLS extends ToolSet = ToolSet> {
  /** Sealed AI SDK tools (pass-through input schema; execution on a fresh copy). */
  tools: TOOLS;
  /** Pass as `toolApproval`: maps require_approval to the SDK's user-approval pause. */
  toolApproval: GenericToolApprovalFunction<TOOLS, any, unknown>;
  /** The model-side seam (sees the raw text); prefer {@link SealedTools.wrapModel}. */
  middleware: LanguageModelMiddleware;
  wrapModel(model: WrappableModel): ReturnType<typeof wrapLanguageModel>;
  /** `{ model, tools, toolApproval }` to spread into generateText / streamText. */
  settings(model: WrappableModel): {
    model: ReturnType<typeof wrapLanguageModel>;
    tools: TOOLS;
    toolApproval: GenericToolApprovalFunction<TOOLS, any, unknown>;
  };
  /** The proposal last suspended for a tool call (its `proposalHash` is what a human approves). */
  proposalFor(toolCallId: string): SuspendedToolProposal | undefined;
  /**
   * The unanswered `tool-approval-request`s of `messages` (e.g. the history plus
   * `result.responseMessages`) whose call has a pending proposal in the store.
   */
  pending(messages: readonly ModelMessage[]): Promise<PendingApproval[]>;
  /**
   * Records an approve decision for the item's proposal in the store (bound to its hash and
   * id), then appends the `tool-approval-response` to `messages`: run `generateText` again
   * with them. The call runs once, on this grant.
   *
   * @throws {ArgsealAiSdkError} `approval_request_not_found`, `proposal_not_found`,
   *   `invalid_approval_options` (nothing decided, nothing appended); the store's `ApprovalError`.
   */
  approve(
    messages: ModelMessage[],
    item: Pick<PendingApproval, 'approvalId'>,
    options: ApproveOptions,
  ): Promise<ApprovalGrant>;
  /** As {@link SealedTools.approve}, recording a rejection; the model is told `reason`. */
  reject(
    messages: ModelMessage[],
    item: Pick<PendingApproval, 'approvalId'>,
    options: RejectOptions,
  ): Promise<ApprovalGrant>;
}

/** A sealed entry keeps the input and output types of the tool it wraps. */
type SealedToolOf<E> =
  E extends ArgsealTool<infer I, infer O, any>
    ? Tool<I, Awaited<O>>
    : E extends Tool<infer I, infer O, any>
      ? Tool<I, O>
      : Tool<any, any>;

type SealedToolSet<T> = T extends readonly ArgsealTool[]
  ? Record<string, Tool<any, any>>
  : { [K in keyof T]: SealedToolOf<T[K]> };

const entriesOf = (tools: Record<string, SealableTool> | readonly ArgsealTool[]) =>
  Array.isArray(tools)
    ? tools.map((t: ArgsealTool) => [t.name, t] as const)
    : Object.entries(tools);

/**
 * Seals a tool set (argseal tools and plain AI SDK tools with a Standard Schema):
 * `await generateText({ ...sealTools(tools, { authorizer }).settings(model), messages })`.
 */
export function sealTools<
  const T extends Record<string, SealableTool> | readonly ArgsealTool[],
  Context = unknown,
>(tools: T, options: SealToolsOptions<Context>): SealedTools<SealedToolSet<T> & ToolSet> {
  const rt = createAdapterRuntime<Context, void, RawTextPath['mode']>({
    adapter: '@argseal/ai-sdk',
    options,
    ownKeys: ['trustClientApprovals'],
    rawTextPath: isRawTextPath,
  });
  const normalized = new Map<string, NormalizedTool>();
  for (const [name, entry] of entriesOf(tools)) {
    if (normalized.has(name)) {
      throw new ArgsealAiSdkError('tool_name_mismatch', 'appears twice in the tool set', name);
    }
    normalized.set(name, normalizeTool(name, entry));
  }
  for (const n of normalized.values()) rt.register(n.argseal);
  const trust = options.trustClientApprovals;
  const seal: AiSdkSeal = {
    executes: new Map(),
    clientApprover: trust === true ? 'client' : trust ? trust.approver : undefined,
    proposals: new Map(),
  };
  // Object.fromEntries defines own entries: a tool named "__proto__" never becomes a prototype
  const sdkTools: Record<string, Tool<any, any>> = Object.fromEntries(
    [...normalized].map(([name, n]) => {
      const execute = createSealedExecute(rt, seal, n.argseal);
      seal.executes.set(name, execute);
      const description = n.argseal.description;
      const sdkTool = { ...n.keep, ...(description !== undefined ? { description } : {}) };
      return [
        name,
        { ...sdkTool, inputSchema: passThroughSchema(n.schemaSource, rt.adopt), execute },
      ];
    }),
  );
  const sealedTools = sdkTools as SealedToolSet<T> & ToolSet;
  const middleware = createModelSeam(rt);
  const toolApproval = createToolApproval(rt, seal) as unknown as GenericToolApprovalFunction<
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
    proposalFor: (toolCallId) => seal.proposals.get(toolCallId),
    ...approvalsOf(rt),
  };
}
