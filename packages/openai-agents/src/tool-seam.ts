import type { ArgsealTool } from '@argseal/core';
import type { Attempt } from '@argseal/core/kit';
import {
  decodedOnly,
  type PrepareInput,
  type PrepareResult,
  prepareResume,
  readRefusalPlaceholder,
  refusalText,
  toRefusal,
} from '@argseal/core/kit';
import type { FunctionTool, RunContext } from '@openai/agents';
import type { SealInternals } from './internals.js';

const sealedTools = new WeakSet<object>();

/** True for a FunctionTool produced by this adapter. */
export function isSealedTool(value: unknown): boolean {
  return typeof value === 'object' && value !== null && sealedTools.has(value);
}

/** The argseal tool, and the FunctionTool fields the SDK sees (description, schema, extras). */
export interface SealedToolSpec {
  tool: ArgsealTool;
  fields: Partial<FunctionTool<any, any, any>> & Pick<FunctionTool, 'description' | 'parameters'>;
}

type InvokeDetails = { toolCall?: { callId?: unknown }; signal?: AbortSignal };
const ok = (attempt: Attempt): PrepareResult => ({ ok: true, attempt, call: attempt });

/**
 * The raw FunctionTool the SDK runs. `needsApproval` binds the model seam's attempt (ledger)
 * to the run's context and checks it (policy, non-consuming store look), then hands it to
 * `invoke` of the same run, whose `run` consumes a grant right before executing. Else (a
 * resume, maybe in another process) the kit's `prepareResume` (audited, edits honoured).
 */
export function buildSealedTool<Context>(
  internals: SealInternals<Context>,
  { tool, fields }: SealedToolSpec,
): FunctionTool<any, any, any> {
  const { ledger } = internals;
  const name = tool.name;

  /** This run's checked attempt (invoke), else the model seam's bound to the run, else a resume. */
  async function attemptFor(
    runContext: RunContext<any>,
    id: string | undefined,
    input: PrepareInput,
    lookup: { args: unknown } | { argsText: string },
  ): Promise<PrepareResult> {
    const key = id === undefined ? undefined : { tool: name, toolCallId: id, ...lookup };
    const own = key && 'argsText' in lookup ? ledger.take(key, runContext) : undefined;
    if (own?.tool === tool) return ok(own);
    const context = await internals.contextOf(runContext);
    const handed = key && ledger.take(key);
    if (handed?.tool === tool) return ok(handed.withContext(context));
    const decoded = internals.allowDecodedOnly ? { allowDecodedOnly: true } : {};
    const options = { ...(id ? { toolCallId: id } : {}), context, ...decoded };
    return prepareResume(internals.authorizer, tool, input, options);
  }

  async function needsApproval(runContext: RunContext<any>, input: unknown, callId?: string) {
    if (readRefusalPlaceholder(input)) return false;
    const id = callId || undefined;
    const prepared = await attemptFor(runContext, id, decodedOnly(input), { args: input });
    if (!prepared.ok) return false; // invoke refuses it on the raw text
    // The SDK interrupts the run: this attempt ends here, resuming is a new attempt.
    if ((await prepared.attempt.check()).type === 'suspended') return true;
    ledger.put(prepared.attempt, runContext);
    return false;
  }

  async function invoke(runContext: RunContext<any>, input: string, details?: InvokeDetails) {
    const callId = details?.toolCall?.callId;
    const id = typeof callId === 'string' ? callId : undefined;
    const placeholder = readRefusalPlaceholder(input, { tool: name, toolCallId: id });
    if (placeholder) return refusalText(placeholder);
    const prepared = await attemptFor(runContext, id, input, { argsText: input });
    if (!prepared.ok) return refusalText(prepared.refusal);
    const { attempt } = prepared;
    const signal = details?.signal ? { signal: details.signal } : {};
    const outcome = await attempt.run({ host: { runContext, details }, ...signal });
    return outcome.status === 'executed'
      ? outcome.result
      : refusalText(toRefusal(outcome, { tool: name, toolCallId: attempt.toolCallId }));
  }

  const sealed = {
    ...{ type: 'function', name, strict: false, isEnabled: async () => true, ...fields },
    ...{ invoke, needsApproval: needsApproval as FunctionTool['needsApproval'] },
  } as FunctionTool<any, any, any>;
  sealedTools.add(sealed);
  return sealed;
}
