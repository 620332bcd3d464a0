import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryApprovalStore } from '../approvals/memory-store.js';
import { createMemoryAuditLog } from '../audit/memory-log.js';
import { createAuthorizer } from '../authorizer/create-authorizer.js';
import type { AuthorizerOptions } from '../authorizer/types.js';
import type { PolicyDecision, ToolPolicy } from '../policy/types.js';
import { defineTool } from './define-tool.js';

const schema = z.object({ amount: z.number().int() });
const allow: ToolPolicy = () => ({ type: 'allow' });

/** A transfer tool with its own policy, an authorizer, a store and a log; counts every policy call. */
function world(
  toolPolicy: ToolPolicy | undefined,
  authorizerPolicy: ToolPolicy = allow,
  options: Partial<AuthorizerOptions> = {},
) {
  const executed: number[] = [];
  const asked = { authorizer: 0, tool: 0 };
  const tool = defineTool({
    name: 'transfer',
    schema,
    execute: (input) => {
      executed.push(input.amount);
      return 'sent';
    },
    ...(toolPolicy
      ? {
          policy: (input) => {
            asked.tool++;
            return toolPolicy(input);
          },
        }
      : {}),
  });
  const audit = createMemoryAuditLog();
  const approvals = createMemoryApprovalStore({ audit });
  const authorizer = createAuthorizer({
    agent: 'bot',
    policy: (input) => {
      asked.authorizer++;
      return authorizerPolicy(input);
    },
    audit,
    approvals,
    ...options,
  });
  const decided = async () =>
    (await audit.records()).filter((r) => r.type === 'decided').map((r) => [r.decision, r.reason]);
  return { tool, authorizer, approvals, executed, asked, decided };
}

const deny =
  (reason: string): ToolPolicy =>
  () => ({ type: 'deny', reason });
const approval =
  (reason: string, extra: Partial<Extract<PolicyDecision, { type: 'require_approval' }>> = {}) =>
  (): PolicyDecision => ({ type: 'require_approval', reason, ...extra });

describe('defineTool({ policy }): bad input', () => {
  for (const bad of ['allow', 42, null, {}, { type: 'allow' }]) {
    it(`refuses policy ${JSON.stringify(bad)} with invalid_tool_policy`, () => {
      expect(() =>
        defineTool({ name: 't', schema, execute: () => 1, policy: bad as never }),
      ).toThrow(expect.objectContaining({ code: 'invalid_tool_policy' }));
    });
  }

  it('refuses a misspelled key with unknown_option, naming "policy"', () => {
    expect(() =>
      defineTool({ name: 't', schema, execute: () => 1, polcy: allow } as never),
    ).toThrow(
      expect.objectContaining({
        code: 'unknown_option',
        message: expect.stringContaining('"policy"'),
      }),
    );
  });

  it('keeps the policy on the frozen tool, and no key without one', () => {
    const own = () => ({ type: 'allow' as const });
    const tool = defineTool({ name: 't', schema, execute: () => 1, policy: own });
    expect(tool.policy).toBe(own);
    expect(Object.isFrozen(tool)).toBe(true);
    expect('policy' in defineTool({ name: 'u', schema, execute: () => 1 })).toBe(false);
  });
});

describe('a tool policy combines with the authorizer policy: both must allow, the stricter wins', () => {
  it('both allow: the call runs, each policy asked once', async () => {
    const w = world(allow);
    expect(await w.authorizer.call(w.tool, '{"amount":5}')).toMatchObject({ status: 'executed' });
    expect(w.asked).toEqual({ authorizer: 1, tool: 1 });
    expect(w.executed).toEqual([5]);
  });

  it('the tool denies what the authorizer allows: nothing runs, nothing is proposed', async () => {
    const w = world(deny('tool_says_no'));
    const outcome = await w.authorizer.call(w.tool, '{"amount":5}');
    expect(outcome).toMatchObject({ status: 'denied', reason: 'tool_says_no' });
    expect(w.executed).toEqual([]);
    expect(await w.approvals.listPending()).toEqual([]);
    expect(await w.decided()).toEqual([['deny', 'tool_says_no']]);
  });

  it('the authorizer denies: final, the tool policy is not asked', async () => {
    const w = world(allow, deny('authorizer_says_no'));
    const outcome = await w.authorizer.call(w.tool, '{"amount":5}');
    expect(outcome).toMatchObject({ status: 'denied', reason: 'authorizer_says_no' });
    expect(w.asked).toEqual({ authorizer: 1, tool: 0 });
    expect(w.executed).toEqual([]);
  });

  it('the tool asks approval for what the authorizer allows: suspended, runs only once approved', async () => {
    const w = world(approval('large_transfer'));
    const first = await w.authorizer.call(w.tool, '{"amount":5}', { toolCallId: 'c1' });
    if (first.status !== 'suspended') throw new Error(`expected suspension, got ${first.status}`);
    expect(first.proposal.reason).toBe('large_transfer');
    expect(w.executed).toEqual([]);
    await w.approvals.decide(first.proposal.proposalHash, { decision: 'approve', approver: 'ann' });
    const again = await w.authorizer.call(w.tool, '{"amount":5}', { toolCallId: 'c1' });
    expect(again).toMatchObject({ status: 'executed', grant: { approver: 'ann' } });
    expect(w.executed).toEqual([5]);
  });

  it('the authorizer asks approval and the tool denies: denied, no proposal stored', async () => {
    const w = world(deny('tool_says_no'), approval('needs_human'));
    expect(await w.authorizer.call(w.tool, '{"amount":5}')).toMatchObject({
      status: 'denied',
      reason: 'tool_says_no',
    });
    expect(await w.approvals.listPending()).toEqual([]);
  });

  it('two approvals become one asking as much as both (reason of the authorizer)', async () => {
    const w = world(
      approval('tool_reason', { risk: 'high', approvals: { required: 3, group: 'finance' } }),
      approval('authorizer_reason', { approvals: { required: 2 } }),
    );
    const outcome = await w.authorizer.call(w.tool, '{"amount":5}');
    if (outcome.status !== 'suspended')
      throw new Error(`expected suspension, got ${outcome.status}`);
    const [pending] = await w.approvals.listPending();
    expect(outcome.proposal.reason).toBe('authorizer_reason');
    expect(pending?.approvals).toMatchObject({ required: 3, group: 'finance' });
    expect(pending?.presentation).toMatchObject({ risk: 'high' });
    expect(w.executed).toEqual([]);
  });

  it('two approvals naming different groups deny approval_groups_conflict', async () => {
    const w = world(
      approval('tool_reason', { approvals: { group: 'finance' } }),
      approval('authorizer_reason', { approvals: { group: 'ops' } }),
    );
    expect(await w.authorizer.call(w.tool, '{"amount":5}')).toMatchObject({
      status: 'denied',
      reason: 'approval_groups_conflict',
    });
    expect(await w.approvals.listPending()).toEqual([]);
    expect(w.executed).toEqual([]);
  });

  it('a throwing tool policy denies policy_error; onPolicyError sees the error, audit does not', async () => {
    const seen: unknown[] = [];
    const boom = new Error('secret amount 5');
    const w = world(
      () => {
        throw boom;
      },
      allow,
      { onPolicyError: (error, call) => seen.push(error, call.tool) },
    );
    expect(await w.authorizer.call(w.tool, '{"amount":5}')).toMatchObject({
      status: 'denied',
      reason: 'policy_error',
    });
    expect(seen).toEqual([boom, 'transfer']);
    expect(w.executed).toEqual([]);
    expect(await w.decided()).toEqual([['deny', 'policy_error']]);
  });

  it('a tool policy returning garbage denies invalid_policy_decision', async () => {
    const w = world(() => ({ type: 'maybe' }) as never);
    expect(await w.authorizer.call(w.tool, '{"amount":5}')).toMatchObject({
      status: 'denied',
      reason: 'invalid_policy_decision',
    });
    expect(w.executed).toEqual([]);
  });

  it('the tool policy sees the frozen snapshot and the server context, and may be async', async () => {
    const w = world(async ({ parsedArguments, context }) => {
      expect(Object.isFrozen(parsedArguments)).toBe(true);
      const { amount } = parsedArguments as { amount: number };
      return amount > (context as { limit: number }).limit
        ? { type: 'deny', reason: 'over_limit' }
        : { type: 'allow' };
    });
    const ctx = { context: { limit: 10 } };
    expect(await w.authorizer.call(w.tool, '{"amount":11}', ctx)).toMatchObject({
      status: 'denied',
      reason: 'over_limit',
    });
    expect(await w.authorizer.call(w.tool, '{"amount":9}', ctx)).toMatchObject({
      status: 'executed',
    });
    expect(w.executed).toEqual([9]);
  });

  it('shadow mode records the tool policy deny and runs anyway', async () => {
    const w = world(deny('tool_says_no'), allow, { mode: 'shadow' });
    expect(await w.authorizer.call(w.tool, '{"amount":5}')).toMatchObject({ status: 'executed' });
    expect(await w.decided()).toEqual([['deny', 'tool_says_no']]);
  });

  it('an attempt asks both policies once, from check to authorize', async () => {
    const w = world(allow);
    const p = await w.authorizer.prepare(w.tool, '{"amount":5}');
    if (!p.ok) throw new Error('prepare');
    expect((await p.attempt.check()).type).toBe('allow');
    expect((await p.attempt.run()).status).toBe('executed');
    expect(w.asked).toEqual({ authorizer: 1, tool: 1 });
  });

  it('traces of both policies are kept in the decided record, the authorizer first', async () => {
    const w = world(
      () => ({ type: 'allow', trace: [{ rule: 'toolRule', decision: 'allow' }] }),
      () => ({ type: 'allow', trace: [{ rule: 'appRule', decision: 'allow' }] }),
    );
    await w.authorizer.call(w.tool, '{"amount":5}');
    const [record] = await (await w.authorizer.audit?.records())!.filter(
      (r) => r.type === 'decided',
    );
    expect(record?.trace?.map((t) => t.rule)).toEqual(['appRule', 'toolRule']);
  });
});
