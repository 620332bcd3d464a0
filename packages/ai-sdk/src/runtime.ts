import type { ArgsealTool, Authorizer, SuspendedToolProposal } from '@argseal/core';
import type { CallCache } from './call-cache.js';
import type { CheckedCalls } from './checked-calls.js';
import type { SdkOptionsChannel } from './sdk-options-channel.js';

/** State shared by the model seam, `toolApproval` and the sealed tools of one `sealTools` call. */
export interface SealRuntime<Context = unknown> {
  authorizer: Authorizer<Context>;
  context: Context | undefined;
  tools: ReadonlyMap<string, ArgsealTool>;
  /** Model seam -> next seam: prepared, never checked. */
  cache: CallCache;
  /** toolApproval -> execute of the same SDK step: checked. */
  checked: CheckedCalls;
  /**
   * The sealed `execute` per tool name. `toolApproval` only clears a call when the SDK's
   * tool set binds that name to this very function (closed by default).
   */
  executes: Map<string, unknown>;
  channel: SdkOptionsChannel;
  /** `undefined`: client approval responses are never trusted (default). */
  clientApprover: string | undefined;
  /** Last proposal suspended per tool-call id (for `proposalFor` and `resumeOf`). */
  proposals: Map<string, SuspendedToolProposal>;
}

export function callOptions<Context>(
  rt: SealRuntime<Context>,
  toolCallId: string,
  extra: { signal?: AbortSignal | undefined; resumeOf?: string | undefined } = {},
) {
  return {
    toolCallId,
    ...(rt.context !== undefined ? { context: rt.context } : {}),
    ...(extra.signal ? { signal: extra.signal } : {}),
    ...(extra.resumeOf !== undefined ? { resumeOf: extra.resumeOf } : {}),
  };
}
