import { request } from 'node:http';
import { createMemoryAuditLog } from '@argseal/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ECHO_TOOL, fixtureServer } from '../__fixtures__/fixture-server.js';
import { until } from '../__fixtures__/until.js';
import { createMcpProxy } from '../relay/proxy.js';
import { type RunningHttpProxy, type ServeHttpOptions, serveHttp } from './serve-http.js';

// Finding 4 of issue 26: a text/plain initialize POST (any web page can send one without a
// preflight) started a session and its upstreams before the SDK refused it (415); they were
// never closed. Origin was not checked.

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'page', version: '1' },
  },
});

/** What `fetch(url, { method: 'POST', body, mode: 'no-cors' })` from a page at `origin` sends. */
const browserPost = (origin: string) => ({
  method: 'POST',
  headers: {
    origin,
    'content-type': 'text/plain;charset=UTF-8',
    accept: '*/*',
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'no-cors',
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
  },
  body: INITIALIZE,
});

/** A POST with exactly these headers (fetch does not let a caller set `Host`). */
function rawStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(INITIALIZE);
  });
}

const jsonInit = (headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...headers,
  },
  body: INITIALIZE,
});

describe('the HTTP listener creates sessions and upstreams only for accepted requests', () => {
  let upstream: ReturnType<typeof fixtureServer>;
  let running: RunningHttpProxy | undefined;
  const clients: Client[] = [];

  async function start(options: ServeHttpOptions = {}, servers = 1) {
    upstream = fixtureServer([ECHO_TOOL]);
    const proxy = createMcpProxy({
      servers: Array.from({ length: servers }, (_, i) => ({
        name: `fx${i}`,
        config: { tools: { echo: 'allow' }, pinning: 'trust-first-use' as const },
        transport: upstream.transport,
      })),
    });
    running = await serveHttp(proxy, options);
    return running;
  }
  async function connectClient(url: string): Promise<Client> {
    const client = new Client({ name: 'sdk-host', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    clients.push(client);
    return client;
  }

  afterEach(async () => {
    for (const c of clients.splice(0)) await c.close().catch(() => undefined);
    await running?.close();
    running = undefined;
  });

  it('20 cross-site text/plain initialize POSTs from a page start nothing', async () => {
    const { url } = await start();
    for (let i = 0; i < 20; i++) {
      const res = await fetch(url, browserPost('http://evil.example'));
      expect(res.status).toBe(403);
      await res.text();
    }
    expect(upstream.counts.connections).toBe(0);
    expect(running!.sessionCount).toBe(0);
  });

  it('a text/plain initialize POST without Origin is refused 415 before any upstream starts', async () => {
    const { url } = await start();
    for (let i = 0; i < 20; i++) {
      const res = await fetch(url, { ...jsonInit(), headers: { 'content-type': 'text/plain' } });
      expect(res.status).toBe(415);
      await res.text();
    }
    const res = await fetch(url, {
      ...jsonInit(),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(406); // no Accept: the SDK would refuse it, so nothing starts
    await res.text();
    expect(upstream.counts.connections).toBe(0);
    expect(running!.sessionCount).toBe(0);
  });

  it('Origin allowlist: a foreign Origin is refused 403 on every method; own and configured origins pass', async () => {
    const { url } = await start({ allowedOrigins: ['http://app.example'] });
    const port = new URL(url).port;
    const evil = await fetch(url, jsonInit({ origin: 'http://evil.example' }));
    expect(evil.status).toBe(403);
    expect(upstream.counts.connections).toBe(0);
    // the page rebinding its own name to 127.0.0.1 sends its own Host: refused too
    expect(await rawStatus(url, { ...jsonInit().headers, host: `evil.example:${port}` })).toBe(403);
    const own = await fetch(url, jsonInit({ origin: `http://127.0.0.1:${port}` }));
    expect(own.status).toBe(200);
    const session = own.headers.get('mcp-session-id')!;
    await own.text();
    const configured = await fetch(url, jsonInit({ origin: 'http://app.example' }));
    expect(configured.status).toBe(200);
    await configured.text();
    // an existing session is not reachable from a foreign origin either
    const get = await fetch(url, {
      headers: {
        'mcp-session-id': session,
        origin: 'http://evil.example',
        accept: 'text/event-stream',
      },
    });
    expect(get.status).toBe(403);
    const del = await fetch(url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': session, origin: 'http://evil.example' },
    });
    expect(del.status).toBe(403);
    expect(running!.sessionCount).toBe(2);
    expect(upstream.counts.connections).toBe(2);
  });

  it('caps: past maxSessions a new session is refused 503 while every session is busy; an idle one makes room', async () => {
    const { url } = await start({ maxSessions: 2 });
    const a = await connectClient(url);
    await connectClient(url);
    // SDK clients hold their GET stream open: both sessions are busy
    await until(() => running!.sessionCount === 2);
    const third = await fetch(url, jsonInit());
    expect(third.status).toBe(503);
    await third.text();
    expect(upstream.counts.connections).toBe(2);
    await a.close();
    // a's stream ended: its session is idle and gives way to the new one
    await until(async () => {
      const res = await fetch(url, jsonInit());
      await res.text();
      return res.status === 200;
    });
    expect(running!.sessionCount).toBe(2);
    expect(upstream.counts.connections).toBe(3);
    expect(upstream.counts.closed).toBe(1);
  });

  it('caps: upstream connections of all sessions together stay within maxUpstreams', async () => {
    const { url } = await start({ maxUpstreams: 3 }, 2);
    await connectClient(url);
    const second = await fetch(url, jsonInit());
    expect(second.status).toBe(503);
    await second.text();
    expect(upstream.counts.connections).toBe(2);
  });

  it('idle sessions are closed with their upstreams', async () => {
    const { url } = await start({ sessionIdleMs: 100 });
    const res = await fetch(url, jsonInit());
    expect(res.status).toBe(200);
    const session = res.headers.get('mcp-session-id')!;
    await res.text();
    expect(upstream.counts.connections).toBe(1);
    await until(() => upstream.counts.closed === 1);
    expect(running!.sessionCount).toBe(0);
    const after = await fetch(url, {
      ...jsonInit({ 'mcp-session-id': session }),
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
    });
    expect(after.status).toBe(404);
  });

  it('a real SDK client still works end to end (initialize, tools, a sealed call)', async () => {
    const { url } = await start();
    const client = await connectClient(url);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['echo']);
    const result = await client.callTool({ name: 'echo', arguments: { message: 'over http' } });
    expect(result.content).toEqual([{ type: 'text', text: '{"message":"over http"}' }]);
  });

  it('over HTTP too, a tools/call sent as a notification is dropped and audited, never forwarded', async () => {
    upstream = fixtureServer([ECHO_TOOL]);
    const audit = createMemoryAuditLog();
    const proxy = createMcpProxy({
      audit,
      servers: [
        {
          name: 'fx',
          config: { tools: { echo: 'deny' }, pinning: 'trust-first-use' },
          transport: upstream.transport,
        },
      ],
    });
    running = await serveHttp(proxy);
    const client = await connectClient(running.url);
    await client.notification({
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: 'unsealed' } },
    } as never);
    await until(async () =>
      (await audit.records()).some((r) => r.error?.code === 'request_as_notification'),
    );
    expect(upstream.calls).toEqual([]);
    expect(upstream.sent.some((m) => 'method' in m && m.method === 'tools/call')).toBe(false);
  });

  it('refuses unknown and invalid options with invalid_config, and starts nothing', async () => {
    upstream = fixtureServer([ECHO_TOOL]);
    const proxy = createMcpProxy({
      servers: [{ name: 'fx', config: {}, transport: upstream.transport }],
    });
    await expect(serveHttp(proxy, { maxSesions: 2 } as ServeHttpOptions)).rejects.toMatchObject({
      code: 'invalid_config',
    });
    await expect(serveHttp(proxy, { maxSessions: 0 })).rejects.toMatchObject({
      code: 'invalid_config',
    });
    await expect(
      serveHttp(proxy, { allowedOrigins: 'http://x' as unknown as string[] }),
    ).rejects.toMatchObject({ code: 'invalid_config' });
    expect(upstream.counts.connections).toBe(0);
  });
});
