import { describe, expect, it } from 'vitest';
import {
  AGENT,
  AGENT_NAME,
  errorCode,
  makeConsole,
  OTHER_AGENT,
} from './__fixtures__/console-fixture.js';
import { inProcessFetch } from './__fixtures__/in-process-fetch.js';
import { createConsoleApprovalStore } from './client/approval-store.js';

const remote = (cx: ReturnType<typeof makeConsole>, token: string) =>
  createConsoleApprovalStore({
    url: 'http://127.0.0.1:7407',
    token,
    fetch: inProcessFetch(cx.app),
  });

describe('GET /api/agent/calls/latest', () => {
  it('an agent finds the latest proposal of its own call, never another agent’s', async () => {
    const cx = makeConsole();
    const p = await cx.pending();
    const call = { agent: AGENT_NAME, tool: 'refund', toolCallId: p.toolCallId };
    const mine = await remote(cx, AGENT).latestProposalForCall(call);
    expect(mine).toMatchObject({ id: p.id, status: 'pending', parsedArguments: p.parsedArguments });
    expect(
      await remote(cx, AGENT).latestProposalForCall({ ...call, toolCallId: 'nope' }),
    ).toBeUndefined();
    const before = await cx.snapshot();
    await expect(remote(cx, OTHER_AGENT).latestProposalForCall(call)).rejects.toMatchObject({
      code: 'agent_mismatch',
    });
    expect(await cx.snapshot()).toBe(before);
  });

  it('with agentScope any an agent token may look up any agent’s call', async () => {
    const cx = makeConsole({ agentScope: 'any' });
    const p = await cx.pending();
    const call = { agent: AGENT_NAME, tool: 'refund', toolCallId: p.toolCallId };
    expect(await remote(cx, OTHER_AGENT).latestProposalForCall(call)).toMatchObject({ id: p.id });
  });

  it('malformed references are 400 invalid_call_ref (server and client), nothing changes', async () => {
    const cx = makeConsole();
    await cx.pending();
    const before = await cx.snapshot();
    const long = 'x'.repeat(1025);
    for (const query of [
      '',
      `?agent=${AGENT_NAME}&tool=refund`,
      `?agent=${AGENT_NAME}&tool=&toolCallId=c`,
      `?agent=${AGENT_NAME}&tool=refund&toolCallId=${long}`,
    ]) {
      const res = await cx.request('GET', `/api/agent/calls/latest${query}`, { token: AGENT });
      expect(res.status, query).toBe(400);
      expect(await errorCode(res)).toBe('invalid_call_ref');
    }
    await expect(
      remote(cx, AGENT).latestProposalForCall({ agent: AGENT_NAME, tool: 'refund' } as never),
    ).rejects.toMatchObject({ code: 'invalid_call_ref' });
    const unauth = await cx.request('GET', '/api/agent/calls/latest?agent=a&tool=b&toolCallId=c');
    expect(unauth.status).toBe(401);
    expect(await cx.snapshot()).toBe(before);
  });
});
