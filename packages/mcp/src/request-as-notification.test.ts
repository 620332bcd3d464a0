import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECHO_TOOL, fixtureServer } from './__fixtures__/fixture-server.js';
import { proxiedClient, textOf } from './__fixtures__/proxied-client.js';
import { until } from './__fixtures__/until.js';

// Finding 1 of issue 26: a tools/call without an id (a notification) was forwarded unsealed
// to every upstream, even when the tool's policy is deny.
describe('a request method sent as a notification is dropped and audited, never forwarded', () => {
  const upstream = fixtureServer([ECHO_TOOL]);
  let t: Awaited<ReturnType<typeof proxiedClient>>;

  beforeAll(async () => {
    t = await proxiedClient(
      {
        servers: [
          {
            name: 'fx',
            config: { tools: { echo: 'deny' }, pinning: 'trust-first-use' },
            transport: upstream.transport,
          },
        ],
      },
      { capabilities: { roots: { listChanged: true } } },
    );
    await t.client.listTools();
  });
  afterAll(async () => {
    await t?.close();
  });

  const withoutId = () =>
    upstream.sent
      .filter((m) => 'method' in m && !('id' in m))
      .map((m) => (m as { method: string }).method);

  it('a tools/call notification of a denied tool never reaches the upstream', async () => {
    // the real SDK Client sends it as a notification (no id)
    await t.client.notification({
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: 'unsealed' } },
    } as never);
    await t.client.notification({
      method: 'resources/read',
      params: { uri: 'file:///etc/passwd' },
    } as never);
    await until(
      async () =>
        (await t.audit.records()).filter((r) => r.error?.code === 'request_as_notification')
          .length === 2,
    );
    // a real notification after them still passes: ordering proves the two were not delayed
    await t.client.sendRootsListChanged();
    await until(() => withoutId().includes('notifications/roots/list_changed'));
    expect(withoutId()).not.toContain('tools/call');
    expect(withoutId()).not.toContain('resources/read');
    expect(upstream.calls).toEqual([]);
    const records = (await t.audit.records()).filter(
      (r) => r.error?.code === 'request_as_notification',
    );
    expect(records.map((r) => [r.type, r.tool, r.error?.stage, r.data?.method])).toEqual([
      ['invalid', 'echo', 'message', 'tools/call'],
      ['invalid', undefined, 'message', 'resources/read'],
    ]);
    // no argument value in the audit record
    expect(JSON.stringify(records)).not.toContain('unsealed');
  });

  it('the same call as a request is sealed as usual (denied, nothing runs)', async () => {
    const result = await t.client.callTool({ name: 'echo', arguments: { message: 'sealed' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('policy/denied');
    expect(upstream.calls).toEqual([]);
  });
});
