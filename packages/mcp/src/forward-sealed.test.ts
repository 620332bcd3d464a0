import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECHO_TOOL, fixtureServer } from './__fixtures__/fixture-server.js';
import { proxiedClient, refusalOf, textOf } from './__fixtures__/proxied-client.js';

// Finding 3 of issue 26: after approval, an identical retry that added `params._meta` entries
// and an extra top-level `params` member reached the upstream, though neither was hashed.
describe('the upstream tools/call is exactly the sealed call plus allowlisted protocol fields', () => {
  const upstream = fixtureServer([ECHO_TOOL]);
  let t: Awaited<ReturnType<typeof proxiedClient>>;

  beforeAll(async () => {
    t = await proxiedClient({
      servers: [
        {
          name: 'fx',
          config: { tools: { echo: 'require_approval' }, pinning: 'trust-first-use' },
          transport: upstream.transport,
        },
      ],
    });
    await t.client.listTools();
  });
  afterAll(async () => {
    await t?.close();
  });

  const upstreamCalls = () =>
    upstream.sent.filter((m) => 'method' in m && m.method === 'tools/call') as {
      params: unknown;
    }[];

  it('an approved call retried with extra params and _meta entries forwards only what was sealed', async () => {
    const first = await t.client.callTool({ name: 'echo', arguments: { message: 'hi', n: 1 } });
    const pending = refusalOf(first);
    expect(pending?.code).toBe('approval_required');
    await t.proxy.approvals.decide(pending!.proposalHash!, {
      decision: 'approve',
      approver: 'alice',
      proposalId: pending!.proposalId!,
    });
    const retried = await t.client.request(
      {
        method: 'tools/call',
        params: {
          name: 'echo',
          // the same arguments in another key order and spacing: the same proposal hash
          arguments: { n: 1, message: 'hi' },
          task: { ttl: 1000 },
          extra: { path: '/etc/shadow' },
          _meta: { progressToken: 'p-1', 'example.com/override': { message: 'evil' } },
        },
      },
      CallToolResultSchema,
    );
    expect(retried.isError).toBeFalsy();
    expect(textOf(retried)).toBe('{"message":"hi","n":1}');
    expect(upstreamCalls().map((m) => m.params)).toEqual([
      { name: 'echo', arguments: { message: 'hi', n: 1 }, _meta: { progressToken: 'p-1' } },
    ]);
  });

  it('without a progress token nothing but name and arguments is forwarded', async () => {
    const result = await t.client.callTool({
      name: 'echo',
      arguments: { message: 'hi', n: 1 },
      _meta: { 'example.com/x': 1 },
    });
    // the grant was single-use: this is a new approval request, nothing forwarded
    expect(refusalOf(result)?.code).toBe('approval_required');
    expect(upstreamCalls()).toHaveLength(1);
    const again = refusalOf(result)!;
    await t.proxy.approvals.decide(again.proposalHash!, {
      decision: 'approve',
      approver: 'alice',
      proposalId: again.proposalId!,
    });
    await t.client.request(
      {
        method: 'tools/call',
        params: {
          name: 'echo',
          arguments: { message: 'hi', n: 1 },
          // not a valid token (string or number): dropped too
          _meta: { progressToken: { not: 'a token' } as never },
        },
      },
      CallToolResultSchema,
    );
    expect(upstreamCalls().map((m) => m.params)).toEqual([
      { name: 'echo', arguments: { message: 'hi', n: 1 }, _meta: { progressToken: 'p-1' } },
      { name: 'echo', arguments: { message: 'hi', n: 1 } },
    ]);
  });
});
