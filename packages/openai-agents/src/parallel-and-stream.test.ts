import { RunState } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { findLast, runAgent } from './__fixtures__/harness.js';
import { assistantText, functionCall } from './__fixtures__/scripted-model.js';
import { supportWorld } from './__fixtures__/world.js';

const BIG_REFUND = '{"orderId":"o-1","amount":25000}';

describe.each(['generate', 'stream'] as const)('two calls in one turn (%s)', (mode) => {
  it('runs the allowed call, pauses only the one needing approval, and resumes it once', async () => {
    const w = supportWorld([
      [
        functionCall('c-look', 'lookup_order', '{"orderId":"o-1"}'),
        functionCall('c-ref', 'refund', BIG_REFUND),
      ],
      [assistantText('waiting')],
    ]);
    const first = await runAgent(w.agent, 'refund o-1', mode);
    expect(first.interruptions.map((i) => (i.rawItem as { callId: string }).callId)).toEqual([
      'c-ref',
    ]);
    expect(w.executions.map((e) => e.toolCallId)).toEqual(['c-look']);
    const pending = await w.seal.pending(first.state);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ tool: 'refund', toolCallId: 'c-ref', status: 'pending' });
    expect(pending[0]?.arguments).toEqual({ amount: 25000, orderId: 'o-1' });

    const text = first.state.toString();
    const state = await RunState.fromString(w.agent, text);
    await w.seal.approve(state, 'c-ref', { approver: 'alice' });
    const resumed = await runAgent(w.agent, state, mode);
    expect(resumed.interruptions).toHaveLength(0);
    expect(w.executions.map((e) => e.toolCallId)).toEqual(['c-look', 'c-ref']);
    expect(w.executions[1]?.input).toEqual({ amount: 25000, orderId: 'o-1' });

    // The same stored text resumed again: the grant is used up, nothing runs twice.
    const replay = await RunState.fromString(w.agent, text);
    replay.approve(replay.getInterruptions()[0]!);
    await runAgent(w.agent, replay, mode);
    expect(w.executions).toHaveLength(2);
  });
});

describe('streaming', () => {
  it('never executes an unapproved call, even when the client marks it approved', async () => {
    const w = supportWorld([[functionCall('c1', 'refund', BIG_REFUND)]]);
    const streamed = await runAgent(w.agent, 'refund', 'stream');
    expect(streamed.interruptions).toHaveLength(1);
    expect(w.executions).toHaveLength(0);
    const state = await RunState.fromString(w.agent, streamed.state.toString());
    state.approve(state.getInterruptions()[0]!); // a client claim, no grant in the store
    const resumed = await runAgent(w.agent, state, 'stream');
    expect(w.executions).toHaveLength(0);
    const result = findLast(resumed.history, (i) => i.type === 'function_call_result') as {
      output: { text: string };
    };
    expect(result.output.text).toContain('code=approval_required');
    const records = await w.audit.records();
    expect(records.some((r) => r.type === 'approval_consumed')).toBe(false);
  });

  it('streamed history carries canonical arguments, raw deltas stay raw', async () => {
    const w = supportWorld([[functionCall('c1', 'lookup_order', ' { "orderId" : "o-9" } ')]]);
    const streamed = await runAgent(w.agent, 'look', 'stream');
    const call = streamed.history.find((i) => i.type === 'function_call') as { arguments: string };
    expect(call.arguments).toBe('{"orderId":"o-9"}');
    expect(w.executions).toHaveLength(1);
  });
});
