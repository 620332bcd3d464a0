import { type AuditRecord, computeProposalHash } from '@argseal/core';
import type { HookModuleConfig } from '../config/types.js';
import type { HookCall } from '../host/hook-input.js';
import type { HostName } from '../host/hosts.js';
import type { ExecutedOutcome } from '../host/post-tool-use.js';
import type { StoreSession } from '../store/lazy-session.js';
import { envelopeText, materialOf } from './material-context.js';
import { sha256 } from './seal-call.js';
import { agentFor } from './session-for.js';

/** How an `executed` record relates to the decisions in the trail (`data.match`). */
export type ExecutedMatch = 'allowed' | 'no_allowed_decision' | 'unverifiable';

/**
 * Records that the host ran a call (PostToolUse / PostToolUseFailure): an `executed` audit
 * record with agent, tool, `toolCallId` and the proposal hash of the input the host reports
 * it ran (hashed exactly as PreToolUse hashed it, with the material context when configured),
 * and `data: { host, event, outcome, exitCode?, match, decisionSeq?, decisionHash? }`. Never
 * the input or the tool's output. `match` is `allowed` with the seq and hash of the
 * record that allowed this very call (its `decided` allow, or the `approval_consumed` of
 * its grant) (agent, tool, call id) with this very input;
 * `no_allowed_decision` when there is none: the host ran something argseal did not allow
 * (a hook that was not installed or failed open, or input changed after the decision);
 * `unverifiable` on a console store whose agent tokens may not read the trail.
 */
export async function recordExecuted(
  config: HookModuleConfig,
  host: HostName,
  call: HookCall,
  outcome: ExecutedOutcome,
  store: StoreSession,
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
  const found = await store.findDecision({
    agent,
    tool: call.tool,
    toolCallId: call.toolCallId,
    proposalHash,
  });
  const match: ExecutedMatch =
    found === 'unverifiable' ? found : found ? 'allowed' : 'no_allowed_decision';
  return store.audit.append({
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
      match,
      ...(found && found !== 'unverifiable'
        ? { decisionSeq: found.seq, decisionHash: found.hash }
        : {}),
    },
  });
}
