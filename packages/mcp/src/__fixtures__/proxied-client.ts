import { type ApprovalStore, type AuditSink, createMemoryAuditLog } from '@argseal/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ToolPinStore } from '../pins/types.js';
import { createMcpProxy, type McpProxyOptions } from '../relay/proxy.js';
import { serveStdio } from '../serve/serve-stdio.js';
import { ECHO_TOOL, fixtureServer } from './fixture-server.js';
import { streamPair } from './stream-pair.js';

/**
 * A real SDK Client talking to the proxy over in-process stdio framing, the proxy talking
 * to real upstream servers. Returns everything a test inspects; `close` ends all of it.
 */
export async function proxiedClient(
  options: Omit<McpProxyOptions, 'audit'>,
  clientOptions: { name?: string; capabilities?: Record<string, unknown>; audit?: AuditSink } = {},
) {
  const audit = clientOptions.audit ?? createMemoryAuditLog();
  const proxy = createMcpProxy({ pinPollMs: 50, ...options, audit });
  const pair = streamPair();
  const relay = await serveStdio(proxy, { input: pair.proxyIn, output: pair.proxyOut });
  const client = new Client(
    { name: clientOptions.name ?? 'argseal-test', version: '1.0.0' },
    { capabilities: clientOptions.capabilities ?? {} },
  );
  await client.connect(pair.client);
  return {
    proxy,
    relay,
    client,
    audit,
    pair,
    async close() {
      await client.close().catch(() => undefined);
      await relay.close();
    },
  };
}

/**
 * The proxied-client world on shared stores (SQL, console): the fixture echo server as
 * upstream `fx` (policy `echo: allow`, default pinning: approval needed), and a counter of
 * the `notifications/tools/list_changed` the client received (`changes.count`, resettable).
 */
export async function proxiedEcho(
  agent: string,
  stores: { approvals: ApprovalStore; pins: ToolPinStore; audit: AuditSink },
) {
  const upstream = fixtureServer([ECHO_TOOL]);
  const t = await proxiedClient(
    {
      agent,
      approvals: stores.approvals,
      pins: stores.pins,
      servers: [
        { name: 'fx', config: { tools: { echo: 'allow' } }, transport: upstream.transport },
      ],
    },
    { audit: stores.audit },
  );
  const changes = { count: 0 };
  t.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    changes.count += 1;
  });
  return { ...t, upstream, changes };
}

/** The text of a tool result's first content block. */
export function textOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content[0]?.text ?? '';
}

/** argseal's refusal details in a tool result, if any. */
export function refusalOf(result: unknown): Record<string, string> | undefined {
  return (result as { _meta?: Record<string, Record<string, string>> } | undefined)?._meta?.[
    'argseal/refusal'
  ];
}
