import { type AuditSink, createMemoryAuditLog } from '@argseal/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createMcpProxy, type McpProxyOptions } from '../proxy.js';
import { serveStdio } from '../serve-stdio.js';
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
