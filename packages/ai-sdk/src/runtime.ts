import type { ArgsealTool, Authorizer, CallOptions } from '@argseal/core';
import {
  type Attempt,
  type ContextSource,
  type HandoverLedger,
  resolveContext,
} from '@argseal/core/kit';
import type { SuspendedToolProposal } from '@argseal/core/store';

/** State shared by the model seam, `toolApproval` and the sealed tools of one `sealTools` call. */
export interface SealRuntime<Context = unknown> {
  authorizer: Authorizer<Context>;
  /** A fixed value, or a function called once per call (no argument). */
  context: ContextSource<Context, void> | undefined;
  allowDecodedOnly: boolean;
  tools: ReadonlyMap<string, ArgsealTool>;
  /** model seam -> toolApproval (shared scope) -> execute of the same step (its `messages`). */
  ledger: HandoverLedger<Attempt>;
  /** Sealed `execute` per name: toolApproval clears a call only when the SDK runs this one. */
  executes: Map<string, unknown>;
  /** `undefined`: client approval responses are never trusted (default). */
  clientApprover: string | undefined;
  /** Last proposal suspended per tool-call id (for `proposalFor`). */
  proposals: Map<string, SuspendedToolProposal>;
}

/** Per-call options; a resume binds to the latest proposal the store holds for the call. */
export async function callOptions<Context>(
  rt: SealRuntime<Context>,
  toolCallId: string,
  resume = false,
) {
  const context = await resolveContext(rt.context, undefined);
  return {
    toolCallId,
    ...(context !== undefined ? { context } : {}),
    ...(rt.allowDecodedOnly ? { allowDecodedOnly: true } : {}),
    ...(resume ? { resumeOf: true as const } : {}),
  } satisfies CallOptions<Context>;
}
