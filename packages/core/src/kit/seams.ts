import type {
  Attempt,
  Authorizer,
  CallOptions,
  PrepareInput,
  PrepareResult,
} from '../authorizer/types.js';
import type { ArgsealTool } from '../tool/types.js';
import type { HandoverLedger, HandoverScope } from './handover-ledger.js';
import { decodedOnly } from './inputs.js';
import { type Refusal, refusalText, toRefusal } from './refusal.js';

/** What {@link prepareForHistory} gives the model seam. */
export interface HistoryText {
  /** The framework's history text for the call: `historyArguments`, or the refusal text (not JSON). */
  text: string;
  attempt?: Attempt;
  refusal?: Refusal;
}

/**
 * Model seam: prepares one call's raw provider text (or any `prepare` input, e.g. a
 * `decodedOnly` value where the provider SDK decoded it first) once, hands the attempt over in the
 * ledger, and returns what history must carry: `historyArguments` (so a resume
 * re-prepares the same call), or the payload-free refusal text, which is not JSON, for
 * a refused call (frameworks then record an invalid call and tell the model).
 */
export async function prepareForHistory<Context>(
  authorizer: Authorizer<Context>,
  ledger: HandoverLedger<Attempt>,
  tool: ArgsealTool,
  raw: PrepareInput,
  options: CallOptions<Context> & { toolCallId: string },
  scope?: HandoverScope,
): Promise<HistoryText> {
  try {
    const prepared = await authorizer.prepare(tool, raw, options);
    if (!prepared.ok) return { text: refusalText(prepared.refusal), refusal: prepared.refusal };
    ledger.put(prepared.attempt, scope);
    return { text: prepared.attempt.historyArguments, attempt: prepared.attempt };
  } catch (error) {
    const refusal = toRefusal(error, { tool: tool.name, toolCallId: options.toolCallId });
    return { text: refusalText(refusal), refusal };
  }
}

/**
 * The options of a fresh preparation in {@link attemptFromHandover}, or a function that
 * returns them: called only when no attempt is handed over, so a context resolver runs
 * once per call (at the model seam) and not again at every later seam.
 */
export type FreshCallOptions<Context> =
  | CallOptions<Context>
  | (() => CallOptions<Context> | Promise<CallOptions<Context>>);

/**
 * Tool seam: the attempt for the arguments a framework hands a tool. The first attempt
 * `take` finds for (tool, call id, arguments) in `scopes` (in order) is used, so schema
 * and policy are not run again; else the decoded value is prepared afresh with `options`
 * (accepted on a resume or with `allowDecodedOnly`, refused `raw_text_unavailable`
 * otherwise, unless the fetch guard checked its text).
 */
export async function attemptFromHandover<Context>(
  authorizer: Authorizer<Context>,
  take: (
    call: { tool: ArgsealTool; toolCallId: string; args: unknown },
    scope: HandoverScope,
  ) => Attempt | undefined,
  call: { tool: ArgsealTool; toolCallId: string; args: unknown; scopes: readonly HandoverScope[] },
  options: FreshCallOptions<Context>,
): Promise<PrepareResult> {
  for (const scope of call.scopes) {
    const handed = take(call, scope);
    if (handed !== undefined) return { ok: true, attempt: handed, call: handed };
  }
  const fresh = typeof options === 'function' ? await options() : options;
  return authorizer.prepare(call.tool, decodedOnly(call.args), {
    ...fresh,
    toolCallId: call.toolCallId,
  });
}
