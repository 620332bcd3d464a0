import type { Authorizer } from '@argseal/core';
import type { ToolRunnableConfig } from '@langchain/core/tools';
import { ArgsealLangChainError } from './errors.js';
import { runWithExecEnv } from './exec-env.js';
import type { ToolBinding } from './sealable.js';
import { blockedMessage, invalidDetails, outputToMessage } from './tool-output.js';

export interface SealedCallInput<Context> {
  authorizer: Authorizer<Context>;
  binding: ToolBinding;
  /** Decoded arguments, or a string of raw provider JSON. */
  input: unknown;
  config: ToolRunnableConfig;
  context: Context;
}

/** One direct invoke of a sealed tool: the whole pipeline for one attempt. */
export async function runSealedCall<Context>(s: SealedCallInput<Context>): Promise<unknown> {
  const { authorizer, binding, config, context } = s;
  const tool = binding.argsealTool.name;
  const toolCall = config.toolCall;
  const toolCallId = toolCall?.id ?? (config as { toolCallId?: string }).toolCallId;
  const ref = toolCallId === undefined ? undefined : { id: toolCallId, name: tool };
  const signal = config.signal;
  const base = { context, ...(signal ? { signal } : {}) };

  const input =
    typeof s.input === 'string' ? s.input : { decoded: s.input, provenance: 'decoded_only' };
  const prepared = await authorizer.prepare(binding.argsealTool, input, {
    ...base,
    allowDecodedOnly: true, // legacy decoded path until the rebuild on @argseal/core/kit
    ...(toolCallId !== undefined ? { toolCallId } : {}),
  });
  if (!prepared.ok) {
    if (ref) return blockedMessage(ref, invalidDetails(tool, prepared.error));
    throw prepared.error;
  }
  const call = prepared.call;
  const options = { ...base, toolCallId: call.toolCallId };
  const auth = await authorizer.authorize(call, options);
  if (auth.type === 'deny') {
    if (ref) {
      return blockedMessage(ref, {
        status: 'denied',
        tool,
        proposalHash: call.proposalHash,
        reason: auth.reason,
      });
    }
    throw new ArgsealLangChainError('denied', `denied: ${auth.reason}`, {
      tool,
      proposalHash: call.proposalHash,
    });
  }
  if (auth.type === 'suspended') {
    if (ref) {
      return blockedMessage(ref, {
        status: 'approval_required',
        tool,
        proposalHash: call.proposalHash,
        reason: auth.proposal.reason,
      });
    }
    throw new ArgsealLangChainError(
      'approval_required',
      `needs an approval for proposal ${call.proposalHash}`,
      { tool, proposalHash: call.proposalHash },
    );
  }
  const outcome = await runWithExecEnv(
    { config, toolCall: ref ? { id: ref.id, name: tool } : undefined },
    call,
    () => authorizer.execute(call, auth, options),
  );
  if (outcome.status === 'executed') {
    return ref ? outputToMessage(outcome.result, ref) : outcome.result;
  }
  if (outcome.status === 'failed') throw outcome.error;
  throw new ArgsealLangChainError('tool_failed', `unexpected outcome ${outcome.status}`, { tool });
}
