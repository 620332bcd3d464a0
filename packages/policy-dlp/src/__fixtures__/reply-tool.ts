import {
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  defineTool,
} from '@argseal/core';
import { z } from 'zod';
import type { Dlp } from '../create-dlp.js';

/** A support agent's reply tool, sealed with a DLP policy and its rewrite hook. */
export function replySetup(dlp: Dlp) {
  const sent: unknown[] = [];
  const reply = defineTool({
    name: 'send_reply',
    description: 'Reply to a customer',
    schema: z.object({ ticketId: z.string(), body: z.string() }),
    execute: (input) => {
      sent.push(input);
      return { ok: true };
    },
  });
  const audit = createMemoryAuditLog();
  const approvals = createMemoryApprovalStore({ audit });
  const authorizer = createAuthorizer({
    agent: 'support-bot',
    approvals,
    audit,
    policy: dlp.policy,
    rewrite: [dlp.rewrite],
  });
  return { reply, sent, audit, approvals, authorizer };
}
