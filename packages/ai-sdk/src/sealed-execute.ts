import type { ArgsealTool } from '@argseal/core';
import type { ToolExecutionOptions } from 'ai';
import { ArgsealAiSdkError } from './errors.js';
import { preparedCallFor } from './prepare-call.js';
import { callOptions, type SealRuntime } from './runtime.js';
import { channelKey, withSdkOptions } from './sdk-options-channel.js';

/**
 * Tool-side seam: `authorizer.run` on the call `toolApproval` checked moments before
 * in this same SDK step (same object: policy is not re-run, the grant is consumed
 * atomically here), or on a fresh preparation when there is none (toolApproval not
 * passed, another run raced for the grant). The tool runs on a fresh decoded copy, never on the object
 * that sits in the SDK's history. Anything but an execution is thrown, so the model
 * gets an error result and nothing ran.
 */
export function createSealedExecute<Context>(rt: SealRuntime<Context>, tool: ArgsealTool) {
  return async (input: unknown, options: ToolExecutionOptions<unknown>): Promise<unknown> => {
    const toolCallId = options.toolCallId;
    const prepared = await preparedCallFor(rt, tool, toolCallId, input, options.messages);
    if (!prepared.ok) throw prepared.error;
    const call = prepared.call;
    const outcome = await withSdkOptions(
      rt.channel,
      channelKey(toolCallId, call.proposalHash),
      options,
      () => rt.authorizer.run(call, callOptions(rt, toolCallId, { signal: options.abortSignal })),
    );
    switch (outcome.status) {
      case 'executed':
        return outcome.result;
      case 'failed':
      case 'invalid':
        throw outcome.error;
      case 'denied':
        throw new ArgsealAiSdkError('denied', `denied: ${outcome.reason}`, tool.name);
      case 'suspended':
        rt.proposals.set(toolCallId, outcome.proposal);
        throw new ArgsealAiSdkError(
          'approval_required',
          `approval required; no live grant for proposal ${outcome.proposal.proposalHash} (pass toolApproval to pause for it)`,
          tool.name,
        );
    }
  };
}
