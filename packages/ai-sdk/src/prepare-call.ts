import type { ArgsealTool, PreparedToolCall, ToolArgumentsValidationError } from '@argseal/core';
import { canonicalOf } from './canonical-of.js';
import { callOptions, type SealRuntime } from './runtime.js';

type PrepareResult =
  | { ok: true; call: PreparedToolCall }
  | { ok: false; error: ToolArgumentsValidationError };

/**
 * The prepared call for a decoded SDK input: one handed over by an earlier seam when
 * its canonical text still matches (no second schema parse in this attempt), else a
 * fresh preparation of the decoded value (resume, repaired calls).
 * - `checkedIn`: the SDK step's `messages` array; a call `toolApproval` checked in that
 *   very step is taken first (execute only).
 * - otherwise a call the model seam prepared (never checked: policy runs on it).
 * A decoded string is passed to core as JSON text of that string: core reads a string
 * argument as raw provider text, and the SDK value is already decoded.
 */
export async function preparedCallFor<Context>(
  rt: SealRuntime<Context>,
  tool: ArgsealTool,
  toolCallId: string,
  input: unknown,
  checkedIn?: unknown,
): Promise<PrepareResult> {
  const canonical = canonicalOf(input);
  const checked =
    checkedIn === undefined ? undefined : rt.checked.take(checkedIn, toolCallId, canonical);
  if (checked !== undefined && checked.tool === tool) return { ok: true, call: checked };
  const cached = rt.cache.take(toolCallId, canonical);
  if (cached !== undefined && cached.tool === tool) return { ok: true, call: cached };
  const value = typeof input === 'string' ? JSON.stringify(input) : input;
  return rt.authorizer.prepare(
    tool,
    typeof value === 'string' ? value : { decoded: value, provenance: 'decoded_only' },
    { ...callOptions(rt, toolCallId), allowDecodedOnly: true },
  );
}
