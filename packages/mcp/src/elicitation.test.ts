import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { ECHO_TOOL, fixtureServer } from './__fixtures__/fixture-server.js';
import { proxiedClient, refusalOf } from './__fixtures__/proxied-client.js';

async function hostWith(
  name: string,
  approvers: string[],
  answer: { approve: boolean } | 'cancel',
) {
  const upstream = fixtureServer([ECHO_TOOL]);
  const t = await proxiedClient(
    {
      servers: [
        {
          name: 'fx',
          config: { tools: { echo: 'require_approval' }, pinning: 'trust-first-use' },
          transport: upstream.transport,
        },
      ],
      elicitationApprovers: approvers,
    },
    { name, capabilities: { elicitation: {} } },
  );
  const asked: string[] = [];
  t.client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(String(request.params.message));
    return answer === 'cancel' ? { action: 'cancel' } : { action: 'accept', content: answer };
  });
  return { t, upstream, asked };
}

describe('approval by elicitation', () => {
  it('a trusted host approves: canonical arguments and hash shown, the call runs once', async () => {
    const { t, upstream, asked } = await hostWith('trusted-host', ['trusted-host'], {
      approve: true,
    });
    try {
      const result = await t.client.callTool({ name: 'echo', arguments: { n: 1, message: 'hi' } });
      expect(result.isError).toBeFalsy();
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain('{"message":"hi","n":1}');
      expect(asked[0]).toMatch(/proposal hash: [0-9a-f]{64}/);
      expect(upstream.calls).toEqual([{ name: 'echo', arguments: { message: 'hi', n: 1 } }]);
      const grants = (await t.audit.records()).filter((r) => r.type === 'approval_granted');
      expect(grants.map((r) => r.approver)).toEqual(['elicitation:trusted-host']);
    } finally {
      await t.close();
    }
  });

  it('a host the config does not name is never asked; the call waits for the console', async () => {
    const { t, upstream, asked } = await hostWith('other-host', ['trusted-host'], {
      approve: true,
    });
    try {
      const result = await t.client.callTool({ name: 'echo', arguments: { message: 'hi' } });
      expect(refusalOf(result)?.code).toBe('approval_required');
      expect(asked).toEqual([]);
      expect(upstream.calls).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('decline rejects; cancel leaves the proposal pending', async () => {
    const declined = await hostWith('trusted-host', ['trusted-host'], { approve: false });
    try {
      const result = await declined.t.client.callTool({
        name: 'echo',
        arguments: { message: 'no' },
      });
      expect(refusalOf(result)).toMatchObject({ code: 'approval_rejected', stage: 'approval' });
      expect(declined.upstream.calls).toEqual([]);
    } finally {
      await declined.t.close();
    }
    const cancelled = await hostWith('trusted-host', ['trusted-host'], 'cancel');
    try {
      const result = await cancelled.t.client.callTool({
        name: 'echo',
        arguments: { message: 'later' },
      });
      expect(refusalOf(result)?.code).toBe('approval_required');
      expect(await cancelled.t.proxy.approvals.listPending()).toHaveLength(1);
    } finally {
      await cancelled.t.close();
    }
  });
});
