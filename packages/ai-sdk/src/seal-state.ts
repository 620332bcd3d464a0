import type { AdapterRuntime, RawTextPath } from '@argseal/core/kit';
import type { SuspendedToolProposal } from '@argseal/core/store';

/** The kit's runtime of one `sealTools` call: no run value (context functions take none), modes as `where`. */
export type AiSdkRuntime<Context> = AdapterRuntime<Context, void, RawTextPath['mode']>;

/** What only the AI SDK seams share besides the runtime. */
export interface AiSdkSeal {
  /** Sealed `execute` per name: toolApproval clears a call only when the SDK runs this one. */
  executes: Map<string, unknown>;
  /** `undefined`: client approval responses are never trusted (default). */
  clientApprover: string | undefined;
  /** Last proposal suspended per tool-call id (for `proposalFor`). */
  proposals: Map<string, SuspendedToolProposal>;
}

/** Per-call options; a resume binds to the latest proposal the store holds for the call. */
export async function callOptions<Context>(
  rt: AiSdkRuntime<Context>,
  toolCallId: string,
  resume = false,
) {
  const context = await rt.context(undefined);
  return rt.callOptions(toolCallId, context, resume ? { resumeOf: true } : undefined);
}
