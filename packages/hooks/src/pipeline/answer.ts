import type { HookAnswer } from '../host/decision-output.js';
import type { HostName } from '../host/hosts.js';
import type { SealVerdict } from './seal-call.js';

const short = (hash: string) => hash.slice(0, 12);

/** How to approve a waiting proposal, as the model (and the person reading along) sees it. */
export function approvalHint(proposalId: string): string {
  return `approve it with \`argseal approve ${proposalId}\` (or in the argseal console), then retry the identical call; a changed call is a new proposal`;
}

/**
 * The host answer for a verdict. Reasons name rule codes, proposal ids and hash prefixes,
 * never argument values. A call waiting for approval is denied (Codex runs the tool on
 * `ask`), or, for Claude Code with `approval: "ask"`, handed to `--permission-prompt-tool`.
 */
export function answerFor(
  verdict: SealVerdict,
  host: HostName,
  approval: 'deny' | 'ask',
): HookAnswer {
  switch (verdict.type) {
    case 'allow':
      return {
        decision: 'allow',
        reason: verdict.approvedProposalId
          ? `argseal: approved (proposal ${verdict.approvedProposalId}, grant used)`
          : `argseal: allowed (${short(verdict.proposalHash)})`,
        updatedInput: verdict.input,
      };
    case 'deny':
      return {
        decision: 'deny',
        reason: `argseal: denied (${verdict.reason}; ${short(verdict.proposalHash)})`,
      };
    case 'invalid':
      return {
        decision: 'deny',
        reason: `argseal: refused (${verdict.stage}/${verdict.code} at ${verdict.path || '(root)'})`,
      };
    case 'approval_required': {
      const reason = `argseal: approval required (${verdict.reason}) for proposal ${verdict.proposalId}: ${approvalHint(verdict.proposalId)}`;
      return { decision: host === 'claude-code' && approval === 'ask' ? 'ask' : 'deny', reason };
    }
  }
}
