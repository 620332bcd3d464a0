import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverCommand } from './__fixtures__/mcp-tools.js';
import { proxiedClient, refusalOf } from './__fixtures__/proxied-client.js';
import { streamPair } from './__fixtures__/stream-pair.js';
import { until } from './__fixtures__/until.js';
import { createMcpProxy } from './relay/proxy.js';
import { serveHttp } from './serve/serve-http.js';
import { serveStdio } from './serve/serve-stdio.js';

const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
const DISPOSITION = 'io.modelcontextprotocol/tool-approval-disposition';

type Loose = Record<string, any>;

/** A real SDK Client's raw request (the 1.32.2 SDK has no helper for the 2026-07-28 task shapes). */
const raw = (client: Client, method: string, params: Loose) =>
  client.request({ method, params }, ResultSchema) as Promise<Loose>;

/** The JSON-RPC error code and argseal code of a refused request. */
async function refusedWith(p: Promise<unknown>): Promise<[number, unknown]> {
  const e = await p.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(e).toBeInstanceOf(McpError);
  return [(e as McpError).code, ((e as McpError).data as Loose | undefined)?.code];
}

async function worldOf(root: string, approvalTaskPollMs: number) {
  const { command, args } = serverCommand('server-filesystem');
  return proxiedClient(
    {
      agent: 'fs-agent',
      approvalTaskPollMs,
      servers: [
        {
          name: 'fs',
          config: { command, args: [...args, root], trusted: true, pinning: 'trust-first-use' },
        },
      ],
    },
    { capabilities: TASKS },
  );
}

type World = Awaited<ReturnType<typeof worldOf>>;

/** write_file of `content` to `path` as a task; returns the CreateTaskResult. */
async function writeTask(t: World, path: string, content: string, params: Loose = {}) {
  return raw(t.client, 'tools/call', {
    name: 'write_file',
    arguments: { path, content },
    ...params,
  });
}

/** The pending proposal of the task's call (what `argseal approve --mcp` and the console list). */
async function pendingOf(t: World, path: string) {
  const pending = await t.proxy.approvals.listPending();
  const p = pending.find((x) => JSON.parse(x.argsCanonicalJson).path === path);
  expect(p).toBeDefined();
  return p!;
}

async function statusOf(t: World, taskId: string): Promise<Loose> {
  return raw(t.client, 'tasks/get', { taskId });
}

describe('approval over MCP tasks (SEP-2848) with server-filesystem and the SDK Client', () => {
  const root = mkdtempSync(join(tmpdir(), 'argseal-mcp-tasks-'));
  let t: World;

  beforeAll(async () => {
    t = await worldOf(root, 25);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('advertises the tasks and tool-approval extensions at initialize', () => {
    expect(t.client.getServerCapabilities()?.extensions).toMatchObject({
      'io.modelcontextprotocol/tasks': {},
      'io.modelcontextprotocol/tool-approval': {},
    });
  });

  it('returns a working task, runs nothing, then runs the call once when it is approved', async () => {
    const path = join(root, 'approved.txt');
    const created = await writeTask(t, path, 'exact approved content\n');
    expect(created).toMatchObject({ resultType: 'task', status: 'working' });
    expect(created.taskId).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.statusMessage).not.toContain('exact approved content');
    expect(existsSync(path)).toBe(false);

    // the same call again while it waits: the same task (no second approval request)
    expect((await writeTask(t, path, 'exact approved content\n')).taskId).toBe(created.taskId);
    expect((await statusOf(t, created.taskId)).status).toBe('working');
    expect(existsSync(path)).toBe(false);

    const proposal = await pendingOf(t, path);
    expect(created.statusMessage).toContain(proposal.id);
    await t.proxy.approvals.decide(proposal.proposalHash, {
      decision: 'approve',
      approver: 'alice',
      proposalId: proposal.id,
    });
    // the proxy runs it on its own (no tasks/get needed)
    await until(() => existsSync(path));
    expect(readFileSync(path, 'utf8')).toBe('exact approved content\n');
    rmSync(path);

    let done: Loose = {};
    await until(async () => (done = await statusOf(t, created.taskId)).status === 'completed');
    expect(done.resultType).toBe('complete');
    expect(done.result._meta[DISPOSITION]).toBe('approved-executed');
    expect(done.result.isError).toBeFalsy();
    expect(done.result.content.at(-1).text).toContain('ran once');
    // tasks/result (revision 2025-11-25 name) gives the same CallToolResult
    expect(await raw(t.client, 'tasks/result', { taskId: created.taskId })).toEqual(done.result);
    // it ran once: the file removed after the run was never written again
    await new Promise((r) => setTimeout(r, 150));
    expect(existsSync(path)).toBe(false);
    expect((await t.proxy.approvals.getProposal(proposal.id))?.status).toBe('consumed');
  });

  it('a replayed approval: the identical call after the run is a new task that does not run', async () => {
    const path = join(root, 'replay.txt');
    const first = await writeTask(t, path, 'once\n');
    const p = await pendingOf(t, path);
    await t.proxy.approvals.decide(p.proposalHash, {
      decision: 'approve',
      approver: 'alice',
      proposalId: p.id,
    });
    await until(async () => (await statusOf(t, first.taskId)).status === 'completed');
    rmSync(path);

    const replay = await writeTask(t, path, 'once\n');
    expect(replay.taskId).not.toBe(first.taskId);
    expect(replay.status).toBe('working');
    await new Promise((r) => setTimeout(r, 200));
    expect((await statusOf(t, replay.taskId)).status).toBe('working');
    expect(existsSync(path)).toBe(false);
    expect((await t.proxy.approvals.getProposal(p.id))?.status).toBe('consumed');
  });

  it('an approval of changed arguments does not run the task of the original ones', async () => {
    const a = join(root, 'a.txt');
    const b = join(root, 'b.txt');
    const taskA = await writeTask(t, a, 'A\n');
    const taskB = await writeTask(t, b, 'B\n');
    expect(taskB.taskId).not.toBe(taskA.taskId);
    const pb = await pendingOf(t, b);
    await t.proxy.approvals.decide(pb.proposalHash, {
      decision: 'approve',
      approver: 'alice',
      proposalId: pb.id,
    });
    await until(async () => (await statusOf(t, taskB.taskId)).status === 'completed');
    expect(readFileSync(b, 'utf8')).toBe('B\n');
    expect((await statusOf(t, taskA.taskId)).status).toBe('working');
    expect(existsSync(a)).toBe(false);
  });

  it('a rejected approval completes the task as a denial; nothing ran', async () => {
    const path = join(root, 'rejected.txt');
    const task = await writeTask(t, path, 'no\n');
    const p = await pendingOf(t, path);
    await t.proxy.approvals.decide(p.proposalHash, {
      decision: 'reject',
      approver: 'alice',
      proposalId: p.id,
    });
    let done: Loose = {};
    await until(async () => (done = await statusOf(t, task.taskId)).status === 'completed');
    expect(done.result.isError).toBe(true);
    expect(done.result._meta[DISPOSITION]).toBe('denied-not-executed');
    expect(done.result.content.at(-1).text).toContain('did not run: an approver rejected it');
    expect(existsSync(path)).toBe(false);
  });

  it('cancel fences the task: a later approval runs nothing; tasks/result says cancelled', async () => {
    const path = join(root, 'cancelled.txt');
    const task = await writeTask(t, path, 'cancel me\n');
    expect(await raw(t.client, 'tasks/cancel', { taskId: task.taskId })).toMatchObject({
      resultType: 'complete',
    });
    expect((await statusOf(t, task.taskId)).status).toBe('cancelled');
    const p = await pendingOf(t, path);
    await t.proxy.approvals.decide(p.proposalHash, {
      decision: 'approve',
      approver: 'alice',
      proposalId: p.id,
    });
    await new Promise((r) => setTimeout(r, 200));
    expect((await statusOf(t, task.taskId)).status).toBe('cancelled');
    expect(existsSync(path)).toBe(false);
    expect((await t.proxy.approvals.getProposal(p.id))?.status).toBe('approved');
    expect(await refusedWith(raw(t.client, 'tasks/result', { taskId: task.taskId }))).toEqual([
      -32602,
      'task_cancelled',
    ]);
    const records = await t.audit.records();
    expect(records.some((r) => r.error?.code === 'task_cancelled' && r.proposalId === p.id)).toBe(
      true,
    );
  });

  it('refuses an unknown or malformed task id with -32602 unknown_task', async () => {
    for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel']) {
      expect(await refusedWith(raw(t.client, method, { taskId: crypto.randomUUID() }))).toEqual([
        -32602,
        'unknown_task',
      ]);
      expect(await refusedWith(raw(t.client, method, { taskId: 7 }))).toEqual([
        -32602,
        'unknown_task',
      ]);
    }
  });

  it('a task of another session is unknown there: no status, no cancel, no result', async () => {
    const path = join(root, 'other-session.txt');
    const task = await writeTask(t, path, 'mine\n');
    const pair = streamPair();
    const relay = await serveStdio(t.proxy, { input: pair.proxyIn, output: pair.proxyOut });
    const other = new Client({ name: 'other', version: '1.0.0' }, { capabilities: TASKS });
    await other.connect(pair.client);
    try {
      for (const method of ['tasks/get', 'tasks/cancel', 'tasks/result']) {
        expect(await refusedWith(raw(other, method, { taskId: task.taskId }))).toEqual([
          -32602,
          'unknown_task',
        ]);
      }
      expect((await statusOf(t, task.taskId)).status).toBe('working');
      expect(existsSync(path)).toBe(false);
    } finally {
      await other.close();
      await relay.close();
    }
  });

  it('a call that declares the extension only in its own _meta gets a task too', async () => {
    const pair = streamPair();
    const relay = await serveStdio(t.proxy, { input: pair.proxyIn, output: pair.proxyOut });
    const plain = new Client({ name: 'plain', version: '1.0.0' });
    await plain.connect(pair.client);
    try {
      const path = join(root, 'per-request.txt');
      const old = await plain.callTool({ name: 'write_file', arguments: { path, content: 'x' } });
      expect(refusalOf(old)?.code).toBe('approval_required');
      const task = await raw(plain, 'tools/call', {
        name: 'write_file',
        arguments: { path, content: 'x' },
        _meta: { 'io.modelcontextprotocol/clientCapabilities': TASKS },
      });
      expect(task).toMatchObject({ resultType: 'task', status: 'working' });
      expect((await raw(plain, 'tasks/get', { taskId: task.taskId })).status).toBe('working');
      expect(existsSync(path)).toBe(false);
    } finally {
      await plain.close();
      await relay.close();
    }
  });
});

describe('approval tasks that end without running (no background poll: tasks/get looks)', () => {
  const root = mkdtempSync(join(tmpdir(), 'argseal-mcp-tasks-expiry-'));
  let t: World;

  beforeAll(async () => {
    t = await worldOf(root, 3_600_000);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('an approval that expired before the task looked ends it as a denial; nothing ran', async () => {
    const path = join(root, 'expired.txt');
    const task = await writeTask(t, path, 'late\n');
    const p = await pendingOf(t, path);
    await t.proxy.approvals.decide(p.proposalHash, {
      decision: 'approve',
      approver: 'alice',
      proposalId: p.id,
      ttlMs: 1,
    });
    await new Promise((r) => setTimeout(r, 20));
    const done = await statusOf(t, task.taskId);
    expect(done.status).toBe('completed');
    expect(done.result._meta[DISPOSITION]).toBe('denied-not-executed');
    expect(done.result.content.at(-1).text).toContain('expired');
    expect(existsSync(path)).toBe(false);
  });

  it('a grant used up by the old flow (identical retry) ends the task; the call ran once', async () => {
    const path = join(root, 'raced.txt');
    const task = await writeTask(t, path, 'one\n');
    const p = await pendingOf(t, path);
    await t.proxy.approvals.decide(p.proposalHash, {
      decision: 'approve',
      approver: 'alice',
      proposalId: p.id,
    });
    const retry = await t.client.callTool({
      name: 'write_file',
      arguments: { path, content: 'one\n' },
    });
    expect(retry.isError).toBeFalsy();
    rmSync(path);
    const done = await statusOf(t, task.taskId);
    expect(done.status).toBe('completed');
    expect(done.result._meta[DISPOSITION]).toBe('denied-not-executed');
    expect(done.result.content.at(-1).text).toContain('used by another call');
    expect(existsSync(path)).toBe(false);
  });
});

describe('approval tasks re-check policy before they run', () => {
  const root = mkdtempSync(join(tmpdir(), 'argseal-mcp-tasks-recheck-'));
  const rule = { now: 'require_approval' as 'require_approval' | 'deny' };
  let t: World;

  beforeAll(async () => {
    const { command, args } = serverCommand('server-filesystem');
    t = await proxiedClient(
      {
        agent: 'fs-agent',
        approvalTaskPollMs: 3_600_000,
        servers: [
          {
            name: 'fs',
            config: {
              command,
              args: [...args, root],
              trusted: true,
              pinning: 'trust-first-use',
              tools: {
                write_file: () =>
                  rule.now === 'deny'
                    ? { type: 'deny', reason: 'frozen_after_approval' }
                    : { type: 'require_approval', reason: 'needs_a_human' },
              },
            },
          },
        ],
      },
      { capabilities: TASKS },
    );
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('an approved call that policy now denies completes as a denial; nothing ran, the grant is unused', async () => {
    const path = join(root, 'recheck.txt');
    const task = await writeTask(t, path, 'approved, then denied\n');
    expect(task.status).toBe('working');
    const p = await pendingOf(t, path);
    await t.proxy.approvals.decide(p.proposalHash, {
      decision: 'approve',
      approver: 'alice',
      proposalId: p.id,
    });
    rule.now = 'deny';
    let done: Loose = {};
    await until(async () => (done = await statusOf(t, task.taskId)).status === 'completed');
    expect(done.result._meta[DISPOSITION]).toBe('denied-not-executed');
    expect(done.result._meta['argseal/refusal']).toMatchObject({
      code: 'denied',
      stage: 'policy',
      reason: 'frozen_after_approval',
    });
    expect(existsSync(path)).toBe(false);
    expect((await t.proxy.approvals.getProposal(p.id))?.status).toBe('approved');
  });
});

describe('approval tasks over streamable HTTP: a task belongs to its MCP session', () => {
  it("session 2 cannot read, cancel or await session 1's task; session 1 still can", async () => {
    const root = mkdtempSync(join(tmpdir(), 'argseal-mcp-tasks-http-'));
    const { command, args } = serverCommand('server-filesystem');
    const proxy = createMcpProxy({
      agent: 'fs-agent',
      approvalTaskPollMs: 25,
      servers: [
        {
          name: 'fs',
          config: { command, args: [...args, root], trusted: true, pinning: 'trust-first-use' },
        },
      ],
    });
    const running = await serveHttp(proxy);
    const connect = async (name: string) => {
      const c = new Client({ name, version: '1.0.0' }, { capabilities: TASKS });
      await c.connect(new StreamableHTTPClientTransport(new URL(running.url)));
      return c;
    };
    const one = await connect('one');
    const two = await connect('two');
    try {
      const path = join(root, 'http.txt');
      const task = await raw(one, 'tools/call', {
        name: 'write_file',
        arguments: { path, content: 'over http\n' },
      });
      expect(task).toMatchObject({ resultType: 'task', status: 'working' });
      for (const method of ['tasks/get', 'tasks/cancel', 'tasks/result']) {
        expect(await refusedWith(raw(two, method, { taskId: task.taskId }))).toEqual([
          -32602,
          'unknown_task',
        ]);
      }
      const [p] = await proxy.approvals.listPending();
      await proxy.approvals.decide(p!.proposalHash, {
        decision: 'approve',
        approver: 'alice',
        proposalId: p!.id,
      });
      let done: Loose = {};
      await until(
        async () =>
          (done = await raw(one, 'tasks/get', { taskId: task.taskId })).status === 'completed',
      );
      expect(done.result._meta[DISPOSITION]).toBe('approved-executed');
      expect(readFileSync(path, 'utf8')).toBe('over http\n');
    } finally {
      await one.close().catch(() => undefined);
      await two.close().catch(() => undefined);
      await running.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
