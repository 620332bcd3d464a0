import type { JsonObject } from '@argseal/core';
import type { RpcMessage } from '../transport/json-rpc.js';

/** Approver recorded for a grant given through a trusted host's elicitation. */
export const elicitationApprover = (clientName: string): string => `elicitation:${clientName}`;

/**
 * The `elicitation/create` params that ask the host's user to approve one exact call: the
 * message shows tool, canonical arguments and proposal hash; the form is one boolean.
 */
export function approvalElicitation(p: {
  tool: string;
  argsCanonicalJson: string;
  proposalHash: string;
}): JsonObject {
  return {
    message:
      `argseal: approve this exact call?\n\ntool: ${p.tool}\narguments (RFC 8785): ` +
      `${p.argsCanonicalJson}\nproposal hash: ${p.proposalHash}`,
    requestedSchema: {
      type: 'object',
      properties: {
        approve: {
          type: 'boolean',
          title: 'Approve',
          description: 'Run exactly these arguments once',
        },
      },
      required: ['approve'],
    },
  };
}

/** `approve` / `reject` from the host's elicitation answer, or `undefined` (cancelled, malformed). */
export function elicitationAnswer(response: RpcMessage): 'approve' | 'reject' | undefined {
  const result = response.result;
  if (!result) return undefined;
  if (result.action === 'decline') return 'reject';
  if (result.action !== 'accept') return undefined;
  const content = result.content as { approve?: unknown } | undefined;
  if (content?.approve === true) return 'approve';
  if (content?.approve === false) return 'reject';
  return undefined;
}

/** True when the host declared elicitation support in initialize. */
export function hostSupportsElicitation(capabilities: JsonObject | undefined): boolean {
  const e = capabilities?.elicitation;
  return typeof e === 'object' && e !== null;
}
