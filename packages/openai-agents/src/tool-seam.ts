import { type ArgsealTool, type CallOutcome, canonicalize, parseStrictJson } from '@argseal/core';
import type { FunctionTool, RunContext } from '@openai/agents';
import type { CachedCall } from './call-cache.js';
import { hasLiveGrant } from './grant-peek.js';
import type { SealInternals } from './internals.js';
import { readInvalidMarker, readInvalidMarkerText } from './invalid-marker.js';
import type { JsonObjectSchema } from './json-schema.js';
import { deniedText, invalidText, outcomeToToolResult } from './outcome-text.js';

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
 * Builds the raw FunctionTool the SDK runs. `needsApproval` runs the pipeline up to the
 * policy (no execution, no grant consumed); `invoke` receives the raw argument string
 * and runs the whole pipeline; the SDK never parses the arguments for the schema.
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
    if (entry?.text !== undefined && !decodedEquals(entry.text, input)) entry = undefined;
    if (!entry) {
      // No model-seam record (a fresh process resuming, or an unsealed model): prepare
      // from the decoded input. `invoke` re-checks the raw text strictly before use.
      const prepared = await authorizer.prepare(tool, input, {
        toolCallId: id,
        context: internals.rewriteContext as Context,
      });
      entry = prepared.ok
        ? { tool: name, text: undefined, call: prepared.call }
        : { tool: name, text: undefined, error: prepared.error };
      if (callId) cache.set(id, entry);
    }
    if (entry.error || !entry.call) return false; // invoke reports stage and code
    if (await hasLiveGrant(authorizer.approvals, entry.call.bindingHash)) return false;
    const authorization = await authorizer.authorize(entry.call, {
      toolCallId: id,
      context: internals.contextOf(runContext),
    });
    if (authorization.type === 'suspended') {
      cache.delete(id); // the attempt ends here; resuming is a new attempt
      return true;
    }
    entry.authorization = authorization;
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
    if (entry?.error) return invalidText(name, entry.error);
    let call = entry?.call;
    if (!call) {
      const prepared = await authorizer.prepare(tool, input, {
        ...(id ? { toolCallId: id } : {}),
        context: internals.rewriteContext as Context,
      });
      if (!prepared.ok) return invalidText(name, prepared.error);
      call = prepared.call;
    }
    const options = {
      toolCallId: call.toolCallId,
      context: internals.contextOf(runContext),
      ...(signal ? { signal } : {}),
    };
    const authorization = entry?.authorization;
    if (authorization?.type === 'deny') return deniedText(name, authorization.reason);
    internals.invocations.set(call.toolCallId, { runContext, details });
    try {
      const outcome: CallOutcome =
        authorization?.type === 'allow'
          ? await authorizer.execute(call, authorization, options)
          : await authorizer.run(call, options);
      return outcomeToToolResult(outcome) as string;
    } finally {
      internals.invocations.delete(call.toolCallId);
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
