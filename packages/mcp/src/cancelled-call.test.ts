import type { PolicyDecision } from '@argseal/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ECHO_TOOL, fixtureServer } from './__fixtures__/fixture-server.js';
import { proxiedClient, textOf } from './__fixtures__/proxied-client.js';
import { until } from './__fixtures__/until.js';

describe('a tools/call the host cancels while it is being sealed', () => {
  const upstream = fixtureServer([ECHO_TOOL]);
  /** The policy waits here, so the cancellation arrives before the upstream could be called. */
  let arrived: () => void = () => undefined;
  let release: () => void = () => undefined;
  let t: Awaited<ReturnType<typeof proxiedClient>>;

  beforeAll(async () => {
    t = await proxiedClient({
      servers: [
        {
          name: 'fx',
          config: {
            pinning: 'trust-first-use',
            tools: {
              echo: async (): Promise<PolicyDecision> => {
                arrived();
                await new Promise<void>((r) => {
                  release = r;
                });
                return { type: 'allow' };
              },
            },
          },
          transport: upstream.transport,
        },
      ],
    });
    await t.client.listTools();
  });
  afterAll(async () => {
    release();
    await t?.close();
  });

  it('never reaches the upstream, gets no answer, and is on the record as failed', async () => {
    const cancel = vi.spyOn(t.relay.calls, 'cancel');
    const inPolicy = new Promise<void>((r) => {
      arrived = r;
    });
    const abort = new AbortController();
    const answered = t.pair.received.length;
    const call = t.client.callTool({ name: 'echo', arguments: { message: 'late' } }, undefined, {
      signal: abort.signal,
    });
    await inPolicy;
    abort.abort('the user pressed escape');
    await expect(call).rejects.toThrow();
    await until(() => cancel.mock.calls.length === 1);
    release();
    await until(async () => (await t.audit.records()).some((r) => r.type === 'failed'));
    expect(upstream.calls).toEqual([]);
    await expect(t.audit.records().then((rs) => rs.map((r) => r.type))).resolves.not.toContain(
      'executed',
    );
    // nothing was sent to the host for the cancelled request
    expect(t.pair.received.slice(answered)).toEqual([]);
  });

  it('the next call is sealed and runs as usual', async () => {
    const inPolicy = new Promise<void>((r) => {
      arrived = r;
    });
    const call = t.client.callTool({ name: 'echo', arguments: { message: 'now' } });
    await inPolicy;
    release();
    expect(textOf(await call)).toBe('{"message":"now"}');
    expect(upstream.calls).toEqual([{ name: 'echo', arguments: { message: 'now' } }]);
  });
});
