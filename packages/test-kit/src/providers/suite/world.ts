import {
  type ArgsealTool,
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  createProvenanceRegistry,
  defineTool,
  type MemoryAuditLog,
} from '@argseal/core';
import { z } from 'zod';
import { APPROVAL_ABOVE, SUITE_AGENT, TOOL_NAME } from './cases.js';
import type { PlainToolSpec } from './driver.js';

interface Execution {
  args: unknown;
  toolCallId: string | undefined;
  proposalHash: string | undefined;
}

const schema = z.object({ to: z.string(), amount: z.number() });
const DESCRIPTION = 'Transfer money, amount in minor units.';

/** One test's authorizer, store, audit log, tool and the executions it saw. */
export function createSuiteWorld() {
  const audit: MemoryAuditLog = createMemoryAuditLog();
  const approvals = createMemoryApprovalStore({ audit });
  const executions: Execution[] = [];
  // own registry: a guard run must not mark (call id, arguments) checked for later runs
  const provenance = createProvenanceRegistry();
  const authorizer = createAuthorizer({
    agent: SUITE_AGENT,
    provenance,
    approvals,
    audit,
    policy: ({ parsedArguments }) =>
      (parsedArguments as { amount: number }).amount > APPROVAL_ABOVE
        ? { type: 'require_approval', reason: 'transfer above limit' }
        : { type: 'allow' },
  });
  const tool: ArgsealTool = defineTool({
    name: TOOL_NAME,
    description: DESCRIPTION,
    schema,
    execute: async (args, ctx) => {
      executions.push({ args, toolCallId: ctx.toolCallId, proposalHash: ctx.proposalHash });
      return { ok: true };
    },
  });
  const plain: PlainToolSpec = {
    name: TOOL_NAME,
    description: DESCRIPTION,
    schema,
    execute: async (args, toolCallId) => {
      executions.push({ args: structuredClone(args), toolCallId, proposalHash: undefined });
      return { ok: true };
    },
  };
  return {
    audit,
    approvals,
    authorizer,
    provenance,
    tool,
    plain,
    executions,
    context: { userId: 'u-1' },
  };
}

export type SuiteWorld = ReturnType<typeof createSuiteWorld>;
