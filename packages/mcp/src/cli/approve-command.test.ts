import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { proxiedClient, refusalOf, textOf } from '../__fixtures__/proxied-client.js';
import { openMcpStores } from '../config/open-stores.js';
import type { PendingDefinition } from '../relay/tool-lists.js';
import { runMcpCli } from './run-mcp-cli.js';

// Item 5 of issue 26: one approve command for MCP calls and definitions; pending definitions
// printed; multi-line text shown as text; reasons as sentences; a grant spent on a call the
// upstream refused is audited with the upstream's error and re-approved in one action.

const WRITE = {
  name: 'write_file',
  description: 'Writes a file',
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string' }, content: { type: 'string' } },
    required: ['path', 'content'],
  },
  annotations: { destructiveHint: true },
};
const READ = {
  name: 'read_file',
  description: 'Reads a file\nsecond line of the description',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
};

/** A real SDK server: write_file refuses while `refuse.now` (as server-filesystem does outside its roots). */
function filesServer() {
  const calls: unknown[] = [];
  const refuse = { now: true };
  return {
    calls,
    refuse,
    transport() {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const server = new Server(
        { name: 'files', version: '1.0.0' },
        { capabilities: { tools: {} } },
      );
      server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [WRITE, READ] }));
      server.setRequestHandler(CallToolRequestSchema, async (r) => {
        calls.push(r.params.arguments);
        if (refuse.now)
          return {
            isError: true,
            content: [{ type: 'text', text: 'Access denied - path outside allowed directories' }],
          };
        return { content: [{ type: 'text', text: 'written' }] };
      });
      void server.connect(serverSide);
      return clientSide;
    },
  };
}

function cli(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  return runMcpCli(argv, { stdout: (t) => out.push(t), stderr: (t) => err.push(t) }).then(
    (code) => ({ code, out: out.join(''), err: err.join('') }),
  );
}

async function withProxy<T>(
  dir: string,
  upstream: ReturnType<typeof filesServer>,
  extra: { pinning?: 'trust-first-use' },
  fn: (t: Awaited<ReturnType<typeof proxiedClient>>, pending: PendingDefinition[][]) => Promise<T>,
): Promise<T> {
  const stores = await openMcpStores({ dataDir: dir });
  const pending: PendingDefinition[][] = [];
  const t = await proxiedClient(
    {
      approvals: stores.approvals,
      pins: stores.pins,
      onPendingDefinitions: (p) => pending.push([...p]),
      servers: [
        { name: 'files', config: { trusted: true, ...extra }, transport: upstream.transport },
      ],
    },
    { audit: stores.audit },
  );
  try {
    return await fn(t, pending);
  } finally {
    await t.close();
    await stores.close();
  }
}

// Each step opens the embedded store once or twice; the steps of one story share it.
describe('argseal mcp approve: a first run with pending definitions (embedded PGlite)', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'argseal-approve-')), 'mcp');
  const upstream = filesServer();
  let ids: string[] = [];

  it('the pending definitions are reported; a withheld tool says that it waits and where', async () => {
    ids = await withProxy(dir, upstream, {}, async (t, pending) => {
      expect((await t.client.listTools()).tools).toEqual([]);
      expect(pending).toHaveLength(1);
      expect(pending[0]!.map((p) => p.tool).sort()).toEqual(['read_file', 'write_file']);
      const withheld = await t.client.callTool({ name: 'read_file', arguments: { path: 'a' } });
      const r = refusalOf(withheld)!;
      expect(r.code).toBe('definition_not_approved');
      const id = pending[0]!.find((p) => p.tool === 'read_file')!.id;
      expect(r.definitionId).toBe(id);
      expect(textOf(withheld)).toContain('waits for an approver');
      expect(textOf(withheld)).toContain(`argseal approve --mcp ${id}`);
      return pending[0]!.map((p) => p.id);
    });
  });

  it('approve without an id shows them by server, the description as text', async () => {
    const listed = await cli(['approve', '--data-dir', dir]);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain('server "files": 2 tool definition(s) wait for approval');
    for (const id of ids) expect(listed.out).toContain(id);
    expect(listed.out).toContain('    | Reads a file\n    | second line of the description');
    expect(listed.out).toContain('--server files --all-definitions');
  });

  it('bad input decides nothing; --server --all-definitions approves them all', async () => {
    expect((await cli(['approve', '--server', 'files', '--data-dir', dir])).code).toBe(64);
    const unknown = await cli(['approve', 'no-such-id', '--data-dir', dir]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('pin_not_found');
    const bulk = await cli([
      'approve',
      '--server',
      'files',
      '--all-definitions',
      '--approver',
      'alice',
      '--data-dir',
      dir,
    ]);
    expect(bulk.code).toBe(0);
    expect(bulk.out.match(/-> approved/g)).toHaveLength(2);
    expect(bulk.out).not.toContain('-> rejected');
  });
});

describe('argseal mcp approve: a call, spent on an upstream refusal, re-approved (embedded PGlite)', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'argseal-approve-')), 'mcp');
  const upstream = filesServer();
  const args = { path: '/notes/todo.md', content: 'first line\nsecond line\n' };
  const firstUse = { pinning: 'trust-first-use' as const };
  let proposalId = '';

  it('suspended with its reason as a sentence; listed with its text; approved by id; a second decision refused', async () => {
    proposalId = await withProxy(dir, upstream, firstUse, async (t) => {
      await t.client.listTools();
      const first = await t.client.callTool({ name: 'write_file', arguments: args });
      expect(refusalOf(first)?.code).toBe('approval_required');
      expect(textOf(first)).toContain('possibly destructive (destructiveHint)');
      return refusalOf(first)!.proposalId!;
    });
    const listed = await cli(['approve', '--data-dir', dir]);
    expect(listed.out).toContain(`call ${proposalId}  files/write_file`);
    expect(listed.out).toContain('why: The server marks this tool as possibly destructive');
    expect(listed.out).toContain(
      '  "content": (text, 3 lines)\n    | first line\n    | second line\n    | \n',
    );
    expect(listed.out).not.toContain('\\n');
    const approved = await cli(['approve', proposalId, '--approver', 'alice', '--data-dir', dir]);
    expect(approved.code).toBe(0);
    expect(approved.out).toContain(`approved call ${proposalId}`);
    const again = await cli(['approve', proposalId, '--reject', '--data-dir', dir]);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/^error: approve\//);
  });

  it('the upstream refuses the approved call: audited with its error, the answer says how to re-approve', async () => {
    await withProxy(dir, upstream, firstUse, async (t) => {
      await t.client.listTools();
      const refused = await t.client.callTool({ name: 'write_file', arguments: args });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('Access denied');
      expect(JSON.stringify(refused.content)).toContain(`argseal approve --mcp ${proposalId}`);
      const failed = (await t.audit.records()).find((r) => r.error?.code === 'upstream_refused');
      expect(failed).toMatchObject({
        type: 'failed',
        tool: 'files/write_file',
        proposalId,
        error: { stage: 'upstream' },
        data: {
          upstreamError: 'Access denied - path outside allowed directories',
          grantSpent: true,
        },
      });
      // the grant is spent: the identical retry asks again, nothing runs
      const retry = await t.client.callTool({ name: 'write_file', arguments: args });
      expect(refusalOf(retry)?.code).toBe('approval_required');
    });
    expect(upstream.calls).toEqual([args]);
  });

  it('re-approval of the spent proposal is one action; the identical retry then runs', async () => {
    const reapproved = await cli(['approve', proposalId, '--approver', 'alice', '--data-dir', dir]);
    expect(reapproved.code).toBe(0);
    expect(reapproved.out).toContain(`re-opened ${proposalId} (consumed)`);
    upstream.refuse.now = false;
    await withProxy(dir, upstream, firstUse, async (t) => {
      await t.client.listTools();
      const ran = await t.client.callTool({ name: 'write_file', arguments: args });
      expect(textOf(ran)).toBe('written');
    });
    expect(upstream.calls).toEqual([args, args]);
  });
});
