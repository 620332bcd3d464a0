import {
  type ArgsealTool,
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  defineTool,
  type ToolPolicy,
} from '@argseal/core';
import { Agent, setTracingDisabled } from '@openai/agents';
import { z } from 'zod';
import { createAgentsSeal } from '../seal.js';
import { ScriptedModel, type ScriptedOutput } from './scripted-model.js';

setTracingDisabled(true);

export const REFUND_LIMIT = 10_000; // minor units

export const supportPolicy: ToolPolicy = ({ tool, parsedArguments }) => {
  if (tool === 'delete_customer')
    return { type: 'deny', reason: 'deleting customers is forbidden' };
  if (tool === 'refund' || tool === 'refund_major') {
    const { amount } = parsedArguments as { amount: number };
    return amount > REFUND_LIMIT
      ? { type: 'require_approval', reason: 'refund above limit' }
      : { type: 'allow' };
  }
  return { type: 'allow' };
};

export interface Execution {
  tool: string;
  input: unknown;
  toolCallId: string;
}

/**
 * A support agent with recording tools, a memory store and audit, and a scripted model.
 * Every policy call is recorded (tool, toolCallId); `extraTools(executions)` adds tools.
 */
export function supportWorld(
  turns: ScriptedOutput[],
  options: { extraTools?: (executions: Execution[]) => ArgsealTool<any, any, any>[] } = {},
) {
  const executions: Execution[] = [];
  const policyCalls: { tool: string; toolCallId: string }[] = [];
  const audit = createMemoryAuditLog();
  const approvals = createMemoryApprovalStore({ audit });
  const authorizer = createAuthorizer({
    agent: 'support',
    policy: (input) => {
      policyCalls.push({ tool: input.tool, toolCallId: input.toolCallId });
      return supportPolicy(input);
    },
    approvals,
    audit,
  });
  const lookup = defineTool({
    name: 'lookup_order',
    description: 'Look up an order',
    schema: z.object({ orderId: z.string() }),
    execute: (input, ctx) => {
      executions.push({
        tool: 'lookup_order',
        input: structuredClone(input),
        toolCallId: ctx.toolCallId,
      });
      return { orderId: input.orderId, status: 'delivered' };
    },
  });
  const refund = defineTool({
    name: 'refund',
    description: 'Refund an order (integer minor units)',
    schema: z.object({ orderId: z.string(), amount: z.number().int().positive() }),
    execute: (input, ctx) => {
      executions.push({
        tool: 'refund',
        input: structuredClone(input),
        toolCallId: ctx.toolCallId,
      });
      return { refunded: input.amount };
    },
  });
  const model = new ScriptedModel(turns);
  const seal = createAgentsSeal({ authorizer });
  const agent = seal.agent(new Agent({ name: 'support', model, tools: [] }), {
    tools: [lookup, refund, ...(options.extraTools?.(executions) ?? [])],
  });
  return {
    executions,
    policyCalls,
    audit,
    approvals,
    authorizer,
    seal,
    agent,
    model,
    tools: { lookup, refund },
  };
}
