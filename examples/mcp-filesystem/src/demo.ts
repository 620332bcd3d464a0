import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryAuditLog } from '@argseal/core';
import { verifyAuditChain } from '@argseal/core/store';
import { createMcpProxy, REFUSAL_META_KEY, serveHttp } from '@argseal/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

type Refusal = { code?: string; proposalId?: string; proposalHash?: string };
const refusalOf = (result: unknown): Refusal | undefined =>
  (result as { _meta?: Record<string, Refusal> })._meta?.[REFUSAL_META_KEY];
const textOf = (result: unknown): string =>
  (result as { content?: { text?: string }[] }).content?.[0]?.text ?? '';

/** What the demo saw, for the smoke test. */
export interface DemoSummary {
  tools: string[];
  readText: string;
  firstCode: string | undefined;
  proposalNamed: boolean;
  retryOk: boolean;
  fileAfterRetry: string;
  changedCode: string | undefined;
  fileAfterChanged: string;
  auditChainOk: boolean;
}

/**
 * Runs the proxy (streamable HTTP on 127.0.0.1) in front of the real filesystem server on a
 * temp directory and walks an SDK Client through read, approval, identical retry and a
 * changed content. Prints each step.
 */
export async function runDemo(
  serverEntry: string,
  log: (line: string) => void = console.log,
): Promise<DemoSummary> {
  const root = mkdtempSync(join(tmpdir(), 'argseal-mcp-example-'));
  writeFileSync(join(root, 'notes.txt'), 'meeting at 10\n');
  const target = join(root, 'todo.txt');
  const audit = createMemoryAuditLog();
  const proxy = createMcpProxy({
    agent: 'example-host',
    audit,
    servers: [
      {
        name: 'fs',
        config: {
          command: process.execPath,
          args: [serverEntry, root],
          trusted: true,
          pinning: 'trust-first-use',
        },
      },
    ],
  });
  const running = await serveHttp(proxy);
  const client = new Client({ name: 'example-client', version: '1.0.0' });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(running.url)));
    log(`1. proxy on ${running.url}, server-filesystem on ${root}`);

    const tools = (await client.listTools()).tools.map((t) => t.name);
    log(`2. tools/list: ${tools.length} pinned tools (${tools.slice(0, 4).join(', ')}, ...)`);

    const read = await client.callTool({
      name: 'read_text_file',
      arguments: { path: join(root, 'notes.txt') },
    });
    const readText = textOf(read);
    log(`3. read_text_file (read-only, allowed): ${JSON.stringify(readText)}`);

    const args = { path: target, content: 'buy milk\n' };
    const first = await client.callTool({ name: 'write_file', arguments: args });
    const refusal = refusalOf(first) ?? {};
    const proposalNamed = !!refusal.proposalId && textOf(first).includes(refusal.proposalId);
    log(`4. write_file: refused, code ${refusal.code}, proposal ${refusal.proposalId}`);

    await proxy.approvals.decide(refusal.proposalHash ?? '', {
      decision: 'approve',
      approver: 'alice',
      proposalId: refusal.proposalId,
    });
    log('5. alice approves the proposal through the approval store');

    const retry = await client.callTool({ name: 'write_file', arguments: args });
    const fileAfterRetry = readFileSync(target, 'utf8');
    log(
      `6. identical retry: ${retry.isError ? 'refused' : 'ran'}; file holds ${JSON.stringify(fileAfterRetry)}`,
    );

    const changed = await client.callTool({
      name: 'write_file',
      arguments: { ...args, content: 'wire 5000 EUR\n' },
    });
    const changedCode = refusalOf(changed)?.code;
    const fileAfterChanged = readFileSync(target, 'utf8');
    log(
      `7. changed content: refused, code ${changedCode}; file still ${JSON.stringify(fileAfterChanged)}`,
    );

    const auditChainOk = (await verifyAuditChain(await audit.records())).ok;
    log(`8. audit chain ${auditChainOk ? 'verified' : 'BROKEN'}`);
    return {
      tools,
      readText,
      firstCode: refusal.code,
      proposalNamed,
      retryOk: !retry.isError,
      fileAfterRetry,
      changedCode,
      fileAfterChanged,
      auditChainOk,
    };
  } finally {
    await client.close().catch(() => undefined);
    await running.close();
    rmSync(root, { recursive: true, force: true });
  }
}
