import { type ArgsealTool, type CallOutcome, canonicalize, parseStrictJson } from '@argseal/core';
import type { FunctionTool, RunContext } from '@openai/agents';
import type { CachedCall } from './call-cache.js';
import type { SealInternals } from './internals.js';
import { readInvalidMarker, readInvalidMarkerText } from './invalid-marker.js';
import type { JsonObjectSchema } from './json-schema.js';
import { invalidText, outcomeToToolResult } from './outcome-text.js';

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

function decodedEquals(text: string, value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
}

/** Strict canonical form of raw text, or undefined when it does not decode. */
function strictCanonical(text: string): string | undefined {
  try {
    return canonicalize(parseStrictJson(text));
  } catch {
    return undefined;
  }
}

/** An entry is used only for exactly the arguments it was prepared from. */
function matchesRaw(entry: CachedCall, raw: string): boolean {
  if (entry.text !== undefined) return entry.text === raw;
  return entry.call !== undefined && strictCanonical(raw) === entry.call.requestedCanonicalJson;
}

/**
 * Builds the raw FunctionTool the SDK runs. `needsApproval` prepares the call (or reuses
 * the model seam's preparation) and runs `authorizer.check`: policy plus a non-consuming
 * look at the approval store. `invoke` receives the raw argument string and runs the
 * same prepared call object (`authorizer.run`), which reuses check's policy decision and
 * consumes a grant atomically. The SDK never parses the arguments for the schema.
 */
export function buildSealedTool<Context>(
  internals: SealInternals<Context>,
  spec: SealedToolSpec,
): FunctionTool<any, any, any> {
  const { authorizer, cache } = internals;
  const { tool } = spec;
  const name = tool.name;

  async function needsApproval(
    runContext: RunContext<any>,
    input: unknown,
    callId?: string,
  ): Promise<boolean> {
    if (readInvalidMarker(input)) return false;
    const id = callId ?? '';
    let entry = callId ? cache.get(id, name) : undefined;
    // Only the model seam's record of this response is reused, and only for the same
    // arguments. A checked entry belongs to an earlier attempt, and an entry made here
    // (text undefined) may stem from other arguments: this attempt prepares afresh.
    if (entry && (entry.checked || entry.text === undefined || !decodedEquals(entry.text, input))) {
      entry = undefined;
    }
    if (!entry) {
      // No model-seam record (a fresh process resuming, or an unsealed model): prepare
      // from the decoded input. `invoke` re-checks the raw text strictly before use.
      const prepared = await authorizer.prepare(
        tool,
        typeof input === 'string' ? input : { decoded: input, provenance: 'decoded_only' },
        {
          allowDecodedOnly: true, // legacy decoded path until the rebuild on @argseal/core/kit
          toolCallId: id,
          context: internals.rewriteContext as Context,
        },
      );
      entry = prepared.ok
        ? { tool: name, text: undefined, call: prepared.call }
        : { tool: name, text: undefined, error: prepared.error };
      if (callId) cache.set(id, entry);
    }
    if (entry.error || !entry.call) return false; // invoke reports stage and code
    const checked = await authorizer.check(entry.call, {
      toolCallId: id,
      context: internals.contextOf(runContext),
    });
    if (checked.type === 'suspended') {
      // The SDK interrupts the run: this attempt ends here, resuming is a new attempt.
      cache.delete(id);
      return true;
    }
    // allow, deny or approved (a live grant, not consumed): invoke of this run runs this
    // call object. The decision is bound to this run's context object: another run that
    // reaches the same call id never inherits it.
    entry.checked = true;
    entry.checkedIn = runContext;
    return false;
  }

  async function invoke(runContext: RunContext<any>, input: string, details?: unknown) {
    const toolCall = (details as { toolCall?: { callId?: unknown } } | undefined)?.toolCall;
    const id = typeof toolCall?.callId === 'string' ? toolCall.callId : undefined;
    const signal = (details as { signal?: AbortSignal } | undefined)?.signal;
    let entry = id ? cache.take(id, name) : undefined;
    const marker = readInvalidMarkerText(input);
    if (marker) return invalidText(name, marker);
    if (entry && !matchesRaw(entry, input)) entry = undefined;
    // A policy decision made in another run (another context) is never reused.
    if (entry?.checked && entry.checkedIn !== runContext) entry = undefined;
    if (entry?.error) return invalidText(name, entry.error);
    let call = entry?.call;
    if (!call) {
      // Resuming a call the RunState marks approved (the SDK skips needsApproval then):
      // a new attempt, prepared from the text history carries.
      const prepared = await authorizer.prepare(
        tool,
        typeof input === 'string' ? input : { decoded: input, provenance: 'decoded_only' },
        {
          allowDecodedOnly: true, // legacy decoded path until the rebuild on @argseal/core/kit
          ...(id ? { toolCallId: id } : {}),
          context: internals.rewriteContext as Context,
        },
      );
      if (!prepared.ok) return invalidText(name, prepared.error);
      call = prepared.call;
    }
    // A signal of this invocation alone carries runContext and details to an SDK-style
    // `execute`: tool call ids are not unique across concurrent runs.
    const own = new AbortController();
    const follow = () => own.abort(signal?.reason);
    if (signal?.aborted) follow();
    else signal?.addEventListener('abort', follow, { once: true });
    internals.invocations.set(own.signal, { runContext, details });
    try {
      // Policy runs here only when check did not already decide for this call object;
      // an approval is consumed here, atomically, or the call is refused.
      const outcome: CallOutcome = await authorizer.run(call, {
        toolCallId: call.toolCallId,
        context: internals.contextOf(runContext),
        signal: own.signal,
      });
      return outcomeToToolResult(outcome) as string;
    } finally {
      signal?.removeEventListener('abort', follow);
      internals.invocations.delete(own.signal);
    }
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
