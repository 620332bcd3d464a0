import type { ArgsealTool, Attempt, CallOptions } from '@argseal/core';
import { decodedOnly, refusalText, toRefusal } from '@argseal/core/kit';
import type { FunctionTool, RunContext } from '@openai/agents';
import type { SealInternals } from './internals.js';
import { readInvalidMarker, readInvalidMarkerText } from './invalid-marker.js';
import type { JsonObjectSchema } from './json-schema.js';

const sealedTools = new WeakSet<object>();

/** True for a FunctionTool produced by this adapter. */
export function isSealedTool(value: unknown): boolean {
  return typeof value === 'object' && value !== null && sealedTools.has(value);
}

export interface SealedToolSpec {
  tool: ArgsealTool;
  description: string;
  parameters: JsonObjectSchema;
  strict: boolean;
  /** SDK extras kept from a `tool()` definition. */
  extras?: Partial<
    Pick<FunctionTool<any, any, any>, 'isEnabled' | 'inputGuardrails' | 'outputGuardrails'>
  >;
}

/** What the SDK hands `invoke` besides the arguments (`toolCall`, `signal`). */
interface InvokeDetails {
  toolCall?: { callId?: unknown };
  signal?: AbortSignal;
}

/**
 * Builds the raw FunctionTool the SDK runs. The model seam's attempt is handed over in
 * the ledger: `needsApproval` binds it to the run's context and checks it (policy plus a
 * non-consuming look at the store), then hands it to `invoke` of the same run, whose
 * `run` consumes a grant atomically right before executing. Without a handed-over attempt
 * (a resume, maybe in a fresh process) the call is prepared again as a resume
 * (`resumeOf: true`): changed arguments are audited `approval_mismatched`.
 */
export function buildSealedTool<Context>(
  internals: SealInternals<Context>,
  spec: SealedToolSpec,
): FunctionTool<any, any, any> {
  const { authorizer, ledger, tool } = { ...internals, tool: spec.tool };
  const name = tool.name;

  async function options(runContext: RunContext<any>, toolCallId: string | undefined) {
    return {
      ...(toolCallId ? { toolCallId } : {}),
      context: await internals.contextOf(runContext),
      resumeOf: true,
    } satisfies CallOptions<Context>;
  }

  /** The model seam's attempt for these arguments, bound to this run's context. */
  async function handed(runContext: RunContext<any>, id: string, args: object) {
    const attempt = ledger.take({ tool: name, toolCallId: id, ...args });
    return attempt?.tool === tool
      ? attempt.withContext(await internals.contextOf(runContext))
      : undefined;
  }

  async function needsApproval(runContext: RunContext<any>, input: unknown, callId?: string) {
    if (readInvalidMarker(input)) return false;
    const id = callId ?? '';
    let attempt = await handed(runContext, id, { args: input });
    if (!attempt) {
      // Accepted only as a resume of a stored proposal; else invoke decides on the raw text.
      const prepared = await authorizer.prepare(
        tool,
        decodedOnly(input),
        await options(runContext, id),
      );
      if (!prepared.ok) return false;
      attempt = prepared.attempt;
    }
    // The SDK interrupts the run: this attempt ends here, resuming is a new attempt.
    if ((await attempt.check()).type === 'suspended') return true;
    ledger.put(attempt, runContext);
    return false;
  }

  async function invoke(runContext: RunContext<any>, input: string, details?: InvokeDetails) {
    const callId = details?.toolCall?.callId;
    const id = typeof callId === 'string' ? callId : undefined;
    const marker = readInvalidMarkerText(input, name);
    if (marker) return refusalText(toRefusal(marker, { tool: name, toolCallId: id }));
    let attempt: Attempt | undefined;
    if (id) {
      const lookup = { tool: name, toolCallId: id, argsText: input };
      attempt = ledger.take(lookup, runContext) ?? (await handed(runContext, id, lookup));
      if (attempt?.tool !== tool) attempt = undefined;
    }
    if (!attempt) {
      const prepared = await authorizer.prepare(tool, input, await options(runContext, id));
      if (!prepared.ok) return refusalText(prepared.refusal);
      attempt = prepared.attempt;
    }
    const host = { runContext, details };
    const signal = details?.signal;
    const outcome = await attempt.run({ host, ...(signal ? { signal } : {}) });
    return outcome.status === 'executed'
      ? outcome.result
      : refusalText(toRefusal(outcome, { tool: name, toolCallId: attempt.toolCallId }));
  }

  const sealed: FunctionTool<any, any, any> = {
    type: 'function',
    name,
    description: spec.description,
    parameters: spec.parameters as FunctionTool['parameters'],
    strict: spec.strict,
    invoke,
    needsApproval: needsApproval as FunctionTool<any, any, any>['needsApproval'],
    isEnabled: spec.extras?.isEnabled ?? (async () => true),
    ...(spec.extras?.inputGuardrails ? { inputGuardrails: spec.extras.inputGuardrails } : {}),
    ...(spec.extras?.outputGuardrails ? { outputGuardrails: spec.extras.outputGuardrails } : {}),
  };
  sealedTools.add(sealed);
  return sealed;
}
