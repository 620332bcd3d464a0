import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverCommand } from './__fixtures__/mcp-tools.js';
import { proxiedClient, refusalOf, textOf } from './__fixtures__/proxied-client.js';

describe('server-filesystem through the proxy (real server, SDK Client)', () => {
  const root = mkdtempSync(join(tmpdir(), 'argseal-mcp-fs-'));
  let t: Awaited<ReturnType<typeof proxiedClient>>;

  beforeAll(async () => {
    writeFileSync(join(root, 'hello.txt'), 'hello\n');
    const { command, args } = serverCommand('server-filesystem');
    t = await proxiedClient({
      agent: 'fs-agent',
      servers: [
        {
          name: 'fs',
          config: { command, args: [...args, root], trusted: true, pinning: 'trust-first-use' },
        },
      ],
    });
  });
  afterAll(() => t?.close());

  it('lists the pinned tools and runs a read-only tool without approval', async () => {
    const { tools: listed } = await t.client.listTools();
    expect(listed.map((x) => x.name)).toEqual(
      expect.arrayContaining(['read_text_file', 'write_file', 'edit_file']),
    );
    const read = await t.client.callTool({
      name: 'read_text_file',
      arguments: { path: join(root, 'hello.txt') },
    });
    expect(read.isError).toBeFalsy();
    expect(textOf(read)).toBe('hello\n');
  });

  it('write_file needs approval; the exact approved content lands once; changed content is refused', async () => {
    const target = join(root, 'approved.txt');
    const args = { path: target, content: 'exact approved content\n' };
    const first = await t.client.callTool({ name: 'write_file', arguments: args });
    expect(first.isError).toBe(true);
    const refusal = refusalOf(first)!;
    expect(refusal.code).toBe('approval_required');
    expect(textOf(first)).toContain(refusal.proposalId);
    expect(textOf(first)).not.toContain('exact approved content');
    expect(existsSync(target)).toBe(false);

    const pending = await t.proxy.approvals.findPending(refusal.proposalHash!);
    expect(pending?.argsCanonicalJson).toBe(
      JSON.stringify({ content: args.content, path: target }),
    );
    await t.proxy.approvals.decide(refusal.proposalHash!, {
      decision: 'approve',
      approver: 'alice',
      proposalId: refusal.proposalId,
    });

    const changed = await t.client.callTool({
      name: 'write_file',
      arguments: { ...args, content: 'swapped\n' },
    });
    expect(refusalOf(changed)?.code).toBe('approval_required');
    expect(refusalOf(changed)?.proposalHash).not.toBe(refusal.proposalHash);
    expect(existsSync(target)).toBe(false);

    const retry = await t.client.callTool({ name: 'write_file', arguments: args });
    expect(retry.isError).toBeFalsy();
    expect(readFileSync(target, 'utf8')).toBe('exact approved content\n');

    const again = await t.client.callTool({ name: 'write_file', arguments: args });
    expect(refusalOf(again)?.code).toBe('approval_required');
  });

  it('edit_file needs approval too', async () => {
    const result = await t.client.callTool({
      name: 'edit_file',
      arguments: { path: join(root, 'hello.txt'), edits: [{ oldText: 'hello', newText: 'bye' }] },
    });
    expect(refusalOf(result)?.code).toBe('approval_required');
    expect(readFileSync(join(root, 'hello.txt'), 'utf8')).toBe('hello\n');
  });

  it('audits every call in one verifiable hash chain', async () => {
    const { verifyAuditChain } = await import('@argseal/core/store');
    const records = await t.audit.records();
    expect((await verifyAuditChain(records)).ok).toBe(true);
    const types = new Set(records.map((r) => r.type));
    for (const type of [
      'tool_definition_observed',
      'tool_definition_approved',
      'executed',
      'approval_requested',
      'approval_consumed',
    ]) {
      expect(types.has(type as never)).toBe(true);
    }
  });
});
