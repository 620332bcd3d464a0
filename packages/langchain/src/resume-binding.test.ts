import {
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  defineTool,
} from '@argseal/core';
import { ScriptedChatModel } from '@argseal/test-kit/models/langchain';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import { Command, MemorySaver } from '@langchain/langgraph';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getApprovalRequest } from './index.js';
import { argsealMiddleware } from './middleware.js';

/** A transfer tool whose schema transforms its input (trims and lower-cases the account). */
function world() {
  const ran: unknown[] = [];
  const audit = createMemoryAuditLog();
  const approvals = createMemoryApprovalStore({ audit });
  const transfer = defineTool({
    name: 'transfer',
    schema: z.object({
      to: z.string().transform((s) => s.trim().toLowerCase()),
      amount: z.number(),
    }),
    execute: (input) => {
      ran.push(input);
      return 'ok';
    },
  });
  const authorizer = createAuthorizer({
    agent: 'resume-agent',
    approvals,
    audit,
    policy: ({ parsedArguments }) =>
      (parsedArguments as { amount: number }).amount > 100
        ? { type: 'require_approval', reason: 'large' }
        : { type: 'allow' },
  });
  const agent = createAgent({
    model: new ScriptedChatModel([
      { toolCalls: [{ id: 't1', name: 'transfer', args: '{"to":"  ACCT_1 ","amount":500}' }] },
      { content: 'done' },
      { content: 'done' },
    ]),
    middleware: [argsealMiddleware({ authorizer, tools: [transfer] })],
    checkpointer: new MemorySaver(),
  });
  return { ran, audit, approvals, agent };
}

const user = { messages: [{ role: 'user', content: 'pay' }] };
const config = (thread: string) => ({ configurable: { thread_id: thread } });

describe('resume binding', () => {
  it('an approved call whose schema transforms its input resumes and runs once', async () => {
    const w = world();
    const paused = await w.agent.invoke(user, config('transform'));
    const [p] = getApprovalRequest(paused)!.proposals;
    const ai = paused.messages.find((m: BaseMessage) => AIMessage.isInstance(m)) as AIMessage;
    expect(ai.tool_calls?.[0]?.args).toEqual({ to: '  ACCT_1 ', amount: 500 }); // pre-schema
    await w.approvals.decide(p!.proposalHash, { decision: 'approve', approver: 'console' });
    // the grant stays live until the tool seam consumes it right before executing
    expect((await w.approvals.peek(p!.bindingHash)).live).toBe(true);
    await w.agent.invoke(new Command({ resume: { decisions: [] } }), config('transform'));
    expect(w.ran).toEqual([{ to: 'acct_1', amount: 500 }]);
    expect((await w.approvals.peek(p!.bindingHash)).live).toBe(false);
    const executed = (await w.audit.records()).filter((r) => r.type === 'executed');
    expect(executed.map((r) => r.proposalHash)).toEqual([p!.proposalHash]);
  });

  it('changed arguments on resume: approval_mismatched audited, a new proposal supersedes the old', async () => {
    const w = world();
    const cfg = config('changed');
    const paused = await w.agent.invoke(user, cfg);
    const [p] = getApprovalRequest(paused)!.proposals;
    await w.approvals.decide(p!.proposalHash, { decision: 'approve', approver: 'console' });
    const ai = paused.messages.find((m: BaseMessage) => AIMessage.isInstance(m)) as AIMessage;
    const changed = { ...ai.tool_calls![0]!, args: { to: 'acct_2', amount: 900 } };
    await w.agent.graph.updateState(cfg, {
      messages: [
        new AIMessage({
          id: ai.id as string,
          content: '',
          response_metadata: ai.response_metadata,
          tool_calls: [changed],
        }),
      ],
    });
    await w.agent.invoke(new Command({ resume: { decisions: [] } }), cfg);
    expect(w.ran).toEqual([]);
    const mismatched = (await w.audit.records()).filter((r) => r.type === 'approval_mismatched');
    expect(mismatched[0]).toMatchObject({ supersedes: p!.proposalHash });
    const pending = await w.approvals.listPending();
    expect(pending.map((x) => x.supersedes)).toContain(p!.id);
    expect((await w.approvals.peek(p!.bindingHash)).live).toBe(true);
  });
});
