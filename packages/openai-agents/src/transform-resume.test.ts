import { defineTool } from '@argseal/core';
import { RunState } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findLast, runAgent } from './__fixtures__/harness.js';
import { assistantText, functionCall } from './__fixtures__/scripted-model.js';
import { type Execution, supportWorld } from './__fixtures__/world.js';

/**
 * `refund_major` takes major units and its schema converts them to minor units. The
 * transform is not idempotent on its own output (parsing 25000 again gives 2500000), so
 * history must carry the request before the schema for a resume to reproduce the hash.
 */
function transformWorld(callId: string, raw: string) {
  let parses = 0;
  const world = supportWorld(
    [[functionCall(callId, 'refund_major', raw)], [assistantText('waiting for approval')]],
    {
      extraTools: (executions: Execution[]) => [
        defineTool({
          name: 'refund_major',
          description: 'Refund an order, amount in whole euros',
          schema: z
            .object({ orderId: z.string(), amount: z.number().int().positive() })
            .transform(({ orderId, amount }) => {
              parses += 1;
              return { orderId, amount: amount * 100 };
            }),
          execute: (input, ctx) => {
            executions.push({
              tool: 'refund_major',
              input: structuredClone(input),
              toolCallId: ctx.toolCallId,
            });
            return { refunded: input.amount };
          },
        }),
      ],
    },
  );
  return { ...world, parses: () => parses };
}

function outputText(history: readonly unknown[], callId: string): string {
  const item = findLast(
    history as { type?: string; callId?: string }[],
    (i) => i.type === 'function_call_result' && i.callId === callId,
  ) as { output: { text: string } } | undefined;
  return item?.output.text ?? '';
}

describe.each(['generate', 'stream'] as const)('non-idempotent schema transform (%s)', (mode) => {
  it.each(['RunState approval', 'store-only approval'] as const)(
    'pauses, is approved (%s) and resumes exactly once',
    async (via) => {
      const w = transformWorld('c-major', ' { "amount": 250, "orderId": "o-1" } ');
      const first = await runAgent(w.agent, 'refund 250 EUR', mode);
      expect(first.interruptions).toHaveLength(1);
      expect(w.executions).toHaveLength(0);
      // history carries the effective request (canonical, before the schema) ...
      const item = first.newItems.find((i) => i.type === 'tool_call_item');
      expect((item?.rawItem as { arguments?: string } | undefined)?.arguments).toBe(
        '{"amount":250,"orderId":"o-1"}',
      );
      // ... while the proposal is bound to the schema output
      const [proposal] = await w.approvals.listPending();
      expect(proposal?.argsCanonicalJson).toBe('{"amount":25000,"orderId":"o-1"}');
      expect(w.parses()).toBe(1);

      const text = first.state.toString();
      const state = await RunState.fromString(w.agent, text);
      const [pending] = await w.seal.pending(state);
      expect(pending).toMatchObject({
        status: 'pending',
        proposalHash: proposal?.proposalHash,
        arguments: { amount: 25000, orderId: 'o-1' },
      });
      if (via === 'RunState approval') {
        await w.seal.approve(state, 'c-major', { approver: 'alice' });
      } else {
        await w.approvals.decide(proposal!.proposalHash, { decision: 'approve', approver: 'al' });
      }
      const parsesBeforeResume = w.parses();

      const resumed = await runAgent(w.agent, state, mode);
      expect(resumed.interruptions).toHaveLength(0);
      expect(w.executions).toEqual([
        { tool: 'refund_major', input: { amount: 25000, orderId: 'o-1' }, toolCallId: 'c-major' },
      ]);
      expect(outputText(resumed.history, 'c-major')).not.toContain('argseal refused');
      expect(w.parses() - parsesBeforeResume).toBe(1); // one attempt, one schema parse
      const all = await w.approvals.listProposals({ status: 'all' });
      expect(all.map((p) => [p.proposalHash, p.status])).toEqual([
        [proposal?.proposalHash, 'consumed'],
      ]);
      // one policy decision per attempt: the pause and the resume
      expect(w.policyCalls.filter((c) => c.toolCallId === 'c-major')).toHaveLength(2);

      // The approved text resumed again never runs twice.
      const replay = await RunState.fromString(w.agent, text);
      replay.approve(replay.getInterruptions()[0]!);
      const again = await runAgent(w.agent, replay, mode);
      expect(w.executions).toHaveLength(1);
      // the call ran: the replay is refused and never lists it as pending again
      expect(outputText(again.history, 'c-major')).toContain('code=approval_used_up');
      expect(await w.approvals.listPending()).toEqual([]);
      expect(
        (await w.approvals.listProposals({ status: 'all' })).map((p) => [p.proposalHash, p.status]),
      ).toEqual([[proposal?.proposalHash, 'consumed']]);
    },
  );
});
