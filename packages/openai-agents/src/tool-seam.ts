import {
  type Attempt,
  type PrepareInput,
  type PrepareResult,
  readRefusalPlaceholder,
  refusalText,
  toRefusal,
} from '@argseal/core/kit';
import type { FunctionTool, RunContext } from '@openai/agents';
import type { SealedToolSpec } from './sealable-tool.js';
import type { AgentsRuntime } from './types.js';

const sealedTools = new WeakSet<object>();

/** True for a FunctionTool produced by this adapter. */
export function isSealedTool(value: unknown): boolean {
  return typeof value === 'object' && value !== null && sealedTools.has(value);
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
  rt: AgentsRuntime<Context>,
  { tool, fields }: SealedToolSpec,
): FunctionTool<any, any, any> {
  const name = tool.name;

  /**
   * The attempt for the arguments the SDK holds (`args`: decoded in `needsApproval`, the
   * history text in `invoke`): this run's checked attempt (`own`, invoke only), else the
   * model seam's bound to the run's context, else a resume.
   */
  async function attemptFor(
    runContext: RunContext<any>,
    id: string | undefined,
    input: PrepareInput,
    args: unknown,
    own: boolean,
  ): Promise<PrepareResult> {
    const call = id === undefined ? undefined : { tool, toolCallId: id, args };
    const checked = call && own ? rt.take(call, runContext) : undefined;
    if (checked) return ok(checked);
    const context = await rt.context(runContext);
    const handed = call && rt.take(call);
    if (handed) return ok(handed.withContext(context));
    return rt.prepareResume(tool, input, rt.callOptions(id || undefined, context));
  }

  async function needsApproval(runContext: RunContext<any>, input: unknown, callId?: string) {
    if (readRefusalPlaceholder(input)) return false;
    const id = callId || undefined;
    const prepared = await attemptFor(
      runContext,
      id,
      rt.argumentInput(undefined, false, input),
      input,
      false,
    );
    if (!prepared.ok) return false; // invoke refuses it on the raw text
    // The SDK interrupts the run: this attempt ends here, resuming is a new attempt.
    if ((await prepared.attempt.check()).type === 'suspended') return true;
    rt.put(prepared.attempt, runContext);
    return false;
  }

  async function invoke(runContext: RunContext<any>, input: string, details?: InvokeDetails) {
    const callId = details?.toolCall?.callId;
    const id = typeof callId === 'string' ? callId : undefined;
    const placeholder = readRefusalPlaceholder(input, { tool: name, toolCallId: id });
    if (placeholder) return refusalText(placeholder);
    const prepared = await attemptFor(runContext, id, input, input, true);
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
