import { type AuditRecord, type AuditSink, computeProposalHash } from '@argseal/core';
import type { HookModuleConfig } from '../config/types.js';
import type { HookCall } from '../host/hook-input.js';
import type { HostName } from '../host/hosts.js';
import type { ExecutedOutcome } from '../host/post-tool-use.js';
import { envelopeText, materialOf } from './material-context.js';
import { sha256 } from './seal-call.js';
import { agentFor } from './session-for.js';

/**
 * Records that the host ran a call (PostToolUse / PostToolUseFailure): an `executed` audit
 * record with agent, tool, `toolCallId` and the proposal hash of the input the host reports
 * it ran (hashed exactly as PreToolUse hashed it, with the material context when configured),
 * and `data: { host, event, outcome, exitCode? }`. Never the input or the tool's output. An
 * allowed call's `executed.proposalHash` equals its `decided.proposalHash`; one that does not
 * means the host ran something argseal did not decide.
 */
export async function recordExecuted(
  config: HookModuleConfig,
  host: HostName,
  call: HookCall,
  outcome: ExecutedOutcome,
  audit: AuditSink,
): Promise<AuditRecord> {
  const material = config.materialContext ?? [];
  const agent = agentFor(config, host);
  const argsCanonicalJson =
    material.length > 0
      ? envelopeText(call.inputText, materialOf(call.context, material))
      : call.inputText;
  const proposalHash = await computeProposalHash(
    { agent, tool: call.tool, argsCanonicalJson },
    { sha256 },
  );
  return audit.append({
    type: 'executed',
    agent,
    tool: call.tool,
    toolCallId: call.toolCallId,
    proposalHash,
    data: {
      host,
      event: outcome.event,
      outcome: outcome.outcome,
      ...(outcome.exitCode !== undefined ? { exitCode: outcome.exitCode } : {}),
    },
  });
}
