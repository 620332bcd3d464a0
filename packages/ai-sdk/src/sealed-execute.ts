import type { ArgsealTool } from '@argseal/core';
import { refusalText, toRefusal } from '@argseal/core/kit';
import type { ToolExecutionOptions } from 'ai';
import { ArgsealAiSdkError } from './errors.js';
import { isResume } from './history.js';
import { type AiSdkRuntime, type AiSdkSeal, callOptions } from './seal-state.js';

/**
 * Tool-side seam: `attempt.run` on the attempt `toolApproval` checked in this SDK step
 * (scope: its `messages`), else the model seam's, else a fresh preparation (a resume, or
 * refused `raw_text_unavailable`). The grant is consumed right before the tool runs on a
 * fresh copy, with the SDK's options as `ctx.host`. Anything else is thrown: nothing ran.
 */
export function createSealedExecute<Context>(
  rt: AiSdkRuntime<Context>,
  seal: AiSdkSeal,
  tool: ArgsealTool,
) {
  return async (input: unknown, options: ToolExecutionOptions<unknown>): Promise<unknown> => {
    const toolCallId = options.toolCallId;
    const call = { tool, toolCallId, args: input, scopes: [options.messages, undefined] };
    // only a fresh preparation (nothing handed over) needs the context and the resume
    const fresh = () => callOptions(rt, toolCallId, isResume(options.messages, toolCallId));
    const prepared = await rt.attemptFor(call, fresh);
    if (!prepared.ok) throw prepared.error;
    const signal = options.abortSignal ? { signal: options.abortSignal } : {};
    const outcome = await prepared.attempt.run({ host: options, ...signal });
    switch (outcome.status) {
      case 'executed':
        return outcome.result;
      case 'failed':
      case 'invalid':
        throw outcome.error;
      case 'suspended':
        seal.proposals.set(toolCallId, outcome.proposal);
        throw new ArgsealAiSdkError('approval_required', refusalText(toRefusal(outcome)));
      case 'denied':
        throw new ArgsealAiSdkError('denied', refusalText(toRefusal(outcome)));
    }
  };
}
