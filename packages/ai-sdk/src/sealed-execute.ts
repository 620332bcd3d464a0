import type { ArgsealTool } from '@argseal/core';
import type { ToolExecutionOptions } from 'ai';
import type { AllowedCall } from './call-cache.js';
import { canonicalOf } from './canonical-of.js';
import { ArgsealAiSdkError } from './errors.js';
import { preparedCallFor } from './prepare-call.js';
import { callOptions, type SealRuntime } from './runtime.js';
import { channelKey, withSdkOptions } from './sdk-options-channel.js';

/**
 * Tool-side seam: execute only with an authorization that allowed exactly these
 * canonical arguments, and run the tool on a fresh decoded copy (never on the
 * object that sits in the SDK's history). Normally `toolApproval` authorized the
 * call moments before; without it (toolApproval not passed) the whole pipeline runs
 * here and a call needing approval is refused, never executed.
 */
async function authorizeHere<Context>(
  rt: SealRuntime<Context>,
  tool: ArgsealTool,
  input: unknown,
  toolCallId: string,
): Promise<AllowedCall> {
  const prepared = await preparedCallFor(rt, tool, toolCallId, input);
  if (!prepared.ok) throw prepared.error;
  const call = prepared.call;
  const result = await rt.authorizer.authorize(call, callOptions(rt, toolCallId));
  if (result.type === 'deny') {
    throw new ArgsealAiSdkError('denied', `denied by policy: ${result.reason}`, tool.name);
  }
  if (result.type === 'suspended') {
    rt.proposals.set(toolCallId, result.proposal);
    throw new ArgsealAiSdkError(
      'approval_required',
      `approval required for proposal ${result.proposal.proposalHash} (pass toolApproval to pause for it)`,
      tool.name,
    );
  }
  return { call, authorization: result };
}

export function createSealedExecute<Context>(rt: SealRuntime<Context>, tool: ArgsealTool) {
  return async (input: unknown, options: ToolExecutionOptions<unknown>): Promise<unknown> => {
    const toolCallId = options.toolCallId;
    const allowed =
      rt.cache.takeAllowed(toolCallId, canonicalOf(input)) ??
      (await authorizeHere(rt, tool, input, toolCallId));
    const { call, authorization } = allowed;
    const outcome = await withSdkOptions(
      rt.channel,
      channelKey(toolCallId, call.proposalHash),
      options,
      () =>
        rt.authorizer.execute(
          call,
          authorization,
          callOptions(rt, toolCallId, { signal: options.abortSignal }),
        ),
    );
    switch (outcome.status) {
      case 'executed':
        return outcome.result;
      case 'failed':
        throw outcome.error;
      case 'invalid':
        throw outcome.error;
      case 'denied':
        throw new ArgsealAiSdkError('denied', `denied: ${outcome.reason}`, tool.name);
      case 'suspended':
        throw new ArgsealAiSdkError(
          'approval_required',
          `approval required for proposal ${outcome.proposal.proposalHash}`,
          tool.name,
        );
    }
  };
}
