/**
 * Shared adapter conformance suite. Every framework adapter runs it with its own
 * `AdapterHarness` (see ./adapter-harness.ts for the contract):
 *
 *   describeAdapterContract('ai-sdk generateText', myHarness);
 *
 * Scenarios (issue "Adapter: Vercel AI SDK", tests 1-10):
 *  1 allowed call executes once; a tool mutating its input does not change history
 *  2 denied call: not executed; the model gets a result naming the reason
 *  3 approval-required call pauses; the pending proposal is stored with its hash
 *  4 server-side approve + resume executes exactly once; a second resume executes nothing
 *  5 a client approval claim without a server grant executes nothing
 *  6 arguments tampered between pause and resume: not executed, new proposal, new hash
 *  7 bad raw text (duplicate key, unsafe integer, lone surrogate): not executed,
 *    the model gets an error result with stage and code
 *  8 rewrite hook: history, audit and execution agree on the rewritten arguments
 *  9 reordered keys and whitespace: same proposal hash, the approval holds
 * 10 the schema is parsed once per attempt, across pause and resume
 */
import { computeProposalHash, ToolArgumentsValidationError } from '@argseal/core';
import { canonicalize, parseStrictJson } from '@argseal/core/data';
import { describe, expect, it } from 'vitest';
import {
  createWorld,
  REFUND_APPROVAL_REASON,
  SUITE_AGENT,
  type SuiteWorld,
  WIPE_DENY_REASON,
  type WorldOptions,
} from './adapter-fixtures.js';
import type { AdapterHarness, AdapterSession } from './adapter-harness.js';

export {
  REFUND_APPROVAL_REASON,
  REFUND_APPROVAL_THRESHOLD,
  SUITE_AGENT,
  WIPE_DENY_REASON,
} from './adapter-fixtures.js';
export type * from './adapter-harness.js';

const PAUSING_REFUND = '{"orderId":"o-1","amount":100}';

async function hashOf(tool: string, raw: string): Promise<string> {
  const argsCanonicalJson = canonicalize(parseStrictJson(raw));
  return computeProposalHash({ agent: SUITE_AGENT, tool, argsCanonicalJson });
}

function expectedDecodeError(raw: string): ToolArgumentsValidationError {
  try {
    parseStrictJson(raw);
  } catch (error) {
    if (ToolArgumentsValidationError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('suite bug: raw text decoded without error');
}

export function describeAdapterContract(name: string, harness: AdapterHarness): void {
  async function open(
    options?: WorldOptions,
  ): Promise<{ world: SuiteWorld; session: AdapterSession }> {
    const world = createWorld(options);
    const session = await harness.createSession(world.init);
    return { world, session };
  }

  async function pauseRefund(
    world: SuiteWorld,
    session: AdapterSession,
    toolCallId = 'call-pause',
  ) {
    const outcome = await session.run({
      calls: [{ toolCallId, tool: 'refund', rawArguments: PAUSING_REFUND }],
    });
    expect(outcome).toEqual({ status: 'paused', pendingToolCallIds: [toolCallId] });
    const hash = await hashOf('refund', PAUSING_REFUND);
    expect(world.executions).toHaveLength(0);
    return hash;
  }

  describe(`argseal adapter contract: ${name}`, () => {
    it('1 allowed call executes once; tool mutation does not reach history', async () => {
      const { world, session } = await open({ mutateInput: true });
      const raw = '{ "amount": 40, "orderId": "o-1" }';
      const outcome = await session.run({
        calls: [{ toolCallId: 'c1', tool: 'refund', rawArguments: raw }],
      });
      expect(outcome.status).toBe('completed');
      expect(world.executions).toHaveLength(1);
      expect(world.executions[0]).toMatchObject({
        tool: 'refund',
        toolCallId: 'c1',
        proposalHash: await hashOf('refund', raw),
        input: { amount: 40, orderId: 'o-1' },
      });
      expect(session.historyArguments('c1')).toEqual({ amount: 40, orderId: 'o-1' });
      expect(session.modelResult('c1')?.kind).toBe('output');
    });

    it('2 denied call is not executed and the model is told the reason', async () => {
      const { world, session } = await open();
      const raw = '{"customerId":"cus-9"}';
      const outcome = await session.run({
        calls: [{ toolCallId: 'c2', tool: 'wipe', rawArguments: raw }],
      });
      expect(outcome.status).toBe('completed');
      expect(world.executions).toHaveLength(0);
      const result = session.modelResult('c2');
      expect(result?.kind).not.toBe('output');
      expect(result?.text).toContain(WIPE_DENY_REASON);
      expect(await world.init.approvals.listProposals({ status: 'all' })).toHaveLength(0);
    });

    it('3 approval-required call pauses with its proposal stored under its hash', async () => {
      const { world, session } = await open();
      const hash = await pauseRefund(world, session);
      const pending = await world.init.approvals.listPending();
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatchObject({
        agent: SUITE_AGENT,
        tool: 'refund',
        toolCallId: 'call-pause',
        proposalHash: hash,
        argsCanonicalJson: canonicalize(parseStrictJson(PAUSING_REFUND)),
        reason: REFUND_APPROVAL_REASON,
      });
    });

    it('4 server-side approval then resume executes exactly once; a second resume executes nothing', async () => {
      const { world, session } = await open();
      const hash = await pauseRefund(world, session);
      await world.init.approvals.decide(hash, { decision: 'approve', approver: 'alice' });
      const first = await session.resume();
      expect(first.status).toBe('completed');
      expect(world.executions).toHaveLength(1);
      expect(world.executions[0]).toMatchObject({ toolCallId: 'call-pause', proposalHash: hash });
      expect(session.modelResult('call-pause')?.kind).toBe('output');
      await session.resume();
      expect(world.executions).toHaveLength(1);
    });

    it('5 a client approval claim without a server grant executes nothing', async () => {
      const { world, session } = await open();
      const hash = await pauseRefund(world, session);
      await session.resume();
      expect(world.executions).toHaveLength(0);
      expect(session.modelResult('call-pause')?.kind ?? 'none').not.toBe('output');
      const records = await world.init.audit.records();
      expect(records.some((r) => r.type === 'approval_consumed')).toBe(false);
      const pending = await world.init.approvals.findPending(hash);
      expect(pending?.proposalHash).toBe(hash);
    });

    it('6 arguments tampered between pause and resume: not executed, new proposal with a new hash', async () => {
      const { world, session } = await open();
      const hash = await pauseRefund(world, session);
      const grant = await world.init.approvals.decide(hash, {
        decision: 'approve',
        approver: 'alice',
      });
      await session.tamperArguments('call-pause', { orderId: 'o-1', amount: 100000 });
      await session.resume();
      expect(world.executions).toHaveLength(0);
      const tamperedHash = await hashOf('refund', '{"orderId":"o-1","amount":100000}');
      expect(tamperedHash).not.toBe(hash);
      const all = await world.init.approvals.listProposals({ status: 'all' });
      expect(all.map((p) => p.proposalHash)).toContain(tamperedHash);
      const original = await world.init.approvals.getProposal(grant.proposalId);
      expect(original?.status).toBe('approved');
    });

    describe('7 bad raw argument text is never executed; the model gets stage and code', () => {
      const cases: [string, string][] = [
        ['duplicate key', '{"orderId":"o-1","amount":40,"amount":100000}'],
        ['unsafe integer', '{"orderId":"o-1","amount":9007199254740993}'],
        ['lone surrogate', '{"orderId":"o-\\ud800","amount":40}'],
      ];
      it.each(cases)('%s', async (_label, raw) => {
        const expected = expectedDecodeError(raw);
        expect(expected.stage).toBe('decode');
        const { world, session } = await open();
        await session.run({ calls: [{ toolCallId: 'c7', tool: 'refund', rawArguments: raw }] });
        expect(world.executions).toHaveLength(0);
        expect(world.parses.get('refund') ?? 0).toBe(0);
        const result = session.modelResult('c7');
        expect(result?.kind).toBe('error');
        expect(result?.text).toContain(expected.stage);
        expect(result?.text).toContain(expected.code);
        expect(session.historyArguments('c7')).not.toEqual(JSON.parse(raw));
        expect(await world.init.approvals.listProposals({ status: 'all' })).toHaveLength(0);
      });
    });

    it('8 rewrite hook: history, audit and execution agree on the rewritten arguments', async () => {
      const { world, session } = await open({
        rewrite: [
          ({ tool, arguments: args }) =>
            tool === 'lookup'
              ? {
                  ...(args as object),
                  orderId: String((args as { orderId: unknown }).orderId).toUpperCase(),
                }
              : undefined,
        ],
      });
      await session.run({
        calls: [{ toolCallId: 'c8', tool: 'lookup', rawArguments: '{"orderId":"o-7"}' }],
      });
      expect(world.executions).toHaveLength(1);
      expect(world.executions[0]?.input).toEqual({ orderId: 'O-7' });
      expect(session.historyArguments('c8')).toEqual({ orderId: 'O-7' });
      const records = (await world.init.audit.records()).filter((r) => r.toolCallId === 'c8');
      const withSidecar = records.filter((r) => r.originalArguments !== undefined);
      expect(withSidecar.length).toBeGreaterThan(0);
      for (const record of withSidecar) {
        expect(record.originalArguments).toBe('{"orderId":"o-7"}');
        if (record.argsCanonicalJson !== undefined)
          expect(record.argsCanonicalJson).toBe('{"orderId":"O-7"}');
      }
      const executed = records.find((r) => r.type === 'executed');
      expect(executed?.argsCanonicalJson).toBe('{"orderId":"O-7"}');
    });

    it('9 reordered keys and whitespace give the same hash; the approval holds', async () => {
      const { world, session } = await open();
      const hash = await pauseRefund(world, session);
      await world.init.approvals.decide(hash, { decision: 'approve', approver: 'alice' });
      const other = await harness.createSession(world.init);
      const reordered = ' {\n  "amount" : 100 ,\t"orderId":"o-1" } ';
      expect(await hashOf('refund', reordered)).toBe(hash);
      const outcome = await other.run({
        calls: [{ toolCallId: 'c9', tool: 'refund', rawArguments: reordered }],
      });
      expect(outcome.status).toBe('completed');
      expect(world.executions).toHaveLength(1);
      expect(world.executions[0]).toMatchObject({ toolCallId: 'c9', proposalHash: hash });
      expect(other.historyArguments('c9')).toEqual({ amount: 100, orderId: 'o-1' });
      expect(await world.init.approvals.listProposals({ status: 'all' })).toHaveLength(1);
    });

    it('10 the schema is parsed once per attempt, across pause and resume', async () => {
      const { world, session } = await open();
      const hash = await pauseRefund(world, session);
      expect(world.parses.get('refund')).toBe(1);
      await world.init.approvals.decide(hash, { decision: 'approve', approver: 'alice' });
      await session.resume();
      expect(world.executions).toHaveLength(1);
      expect(world.parses.get('refund')).toBe(2);

      const allowed = await open();
      await allowed.session.run({
        calls: [{ toolCallId: 'c10', tool: 'lookup', rawArguments: '{"orderId":"o-2"}' }],
      });
      expect(allowed.world.executions).toHaveLength(1);
      expect(allowed.world.parses.get('lookup')).toBe(1);
    });
  });
}
