import { type AuditSink, createMemoryAuditLog } from '@argseal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECHO_TOOL, fixtureServer } from './__fixtures__/fixture-server.js';
import { proxiedClient, refusalOf, textOf } from './__fixtures__/proxied-client.js';
import { until } from './__fixtures__/until.js';

describe('the host gets the upstream answer of a call that ran, even if its executed record fails', () => {
  const upstream = fixtureServer([ECHO_TOOL]);
  const log = createMemoryAuditLog();
  let failExecuted = false;
  let executedAttempts = 0;
  /** The memory log, except that `executed` appends fail while `failExecuted` is set. */
  const audit: AuditSink = {
    append(event, options) {
      if (event.type === 'executed') {
        executedAttempts += 1;
        if (failExecuted) return Promise.reject(new Error('audit store down'));
      }
      return log.append(event, options);
    },
    records: (query) => log.records(query),
  };
  let t: Awaited<ReturnType<typeof proxiedClient>>;

  beforeAll(async () => {
    t = await proxiedClient(
      {
        servers: [
          {
            name: 'fx',
            config: { tools: { echo: 'allow' }, pinning: 'trust-first-use' },
            transport: upstream.transport,
          },
        ],
      },
      { audit },
    );
    await t.client.listTools();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers with what the upstream returned (a refusal would invite a second run), the upstream ran once', async () => {
    failExecuted = true;
    const result = await t.client.callTool({ name: 'echo', arguments: { message: 'once' } });
    expect(refusalOf(result)).toBeUndefined();
    expect(textOf(result)).toBe('{"message":"once"}');
    expect(upstream.calls).toEqual([{ name: 'echo', arguments: { message: 'once' } }]);
    await until(() => executedAttempts === 1);
    // proposed and decided are durable before the call ran; the failure is on the record
    const types = (await log.records()).map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining(['proposed', 'decided', 'failed']));
    expect(types).not.toContain('executed');
  });

  it('the next call is sealed and audited as usual', async () => {
    failExecuted = false;
    const result = await t.client.callTool({ name: 'echo', arguments: { message: 'twice' } });
    expect(textOf(result)).toBe('{"message":"twice"}');
    await until(async () => (await log.records()).some((r) => r.type === 'executed'));
    expect(upstream.calls).toHaveLength(2);
  });
});
