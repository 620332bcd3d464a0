import type { ArgsealTool, PrepareResult } from '@argseal/core';
import { canonicalOf } from './canonical-of.js';
import { callOptions, type SealRuntime } from './runtime.js';

/**
 * The prepared call for a decoded SDK input: the one the model seam prepared when
 * the canonical text still matches (no second schema parse in this attempt),
 * otherwise a fresh preparation of the decoded value (resume, repaired calls).
 */
export async function preparedCallFor<Context>(
  rt: SealRuntime<Context>,
  tool: ArgsealTool,
  toolCallId: string,
  input: unknown,
): Promise<PrepareResult> {
  const cached = rt.cache.take(toolCallId, canonicalOf(input));
  if (cached !== undefined && cached.tool === tool) return { ok: true, call: cached };
  return rt.authorizer.prepare(tool, input, callOptions(rt, toolCallId));
}
