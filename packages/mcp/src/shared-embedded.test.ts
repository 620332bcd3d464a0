import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { verifyAuditChain } from '@argseal/core/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxiedEcho } from './__fixtures__/proxied-client.js';
import { until } from './__fixtures__/until.js';
import { type McpStores, openMcpStores } from './config/open-stores.js';

const CLI = fileURLToPath(new URL('./__fixtures__/mcp-cli.mjs', import.meta.url));

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // an explicit --data-dir wins over a DATABASE_URL in the environment (CI exports one)
    const env = { ...process.env, DATABASE_URL: 'postgres://argseal@127.0.0.1:1/unreachable' };
    const child = spawn(process.execPath, [CLI, ...args], { stdio: 'pipe', env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the embedded store while the proxy runs: another process decides a pin', {
  timeout: 180_000,
}, () => {
  let dir: string;
  let stores: McpStores;
  let t: Awaited<ReturnType<typeof proxiedEcho>>;

  beforeAll(async () => {
    dir = join(mkdtempSync(join(tmpdir(), 'argseal-mcp-shared-')), 'mcp');
    stores = await openMcpStores({ dataDir: dir });
    t = await proxiedEcho('mcp', stores);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await stores?.close();
    if (dir) rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  it('`argseal mcp pins` in a second process lists and approves while the proxy holds the directory', async () => {
    expect((await t.client.listTools()).tools).toEqual([]);
    const listed = await cli(['pins', 'list', '--data-dir', dir]);
    expect(listed, listed.stderr).toMatchObject({ code: 0 });
    const [id, status, name] = listed.stdout.trim().split('\t');
    expect([status, name]).toEqual(['pending', 'fx/echo']);
    const approved = await cli(['pins', 'approve', id!, '--approver', 'alice', '--data-dir', dir]);
    expect(approved, approved.stderr).toMatchObject({ code: 0 });
    await until(() => t.changes.count > 0, 1500);
    expect((await t.client.listTools()).tools.map((x) => x.name)).toEqual(['echo']);
    expect(
      (await t.client.callTool({ name: 'echo', arguments: { message: 'hi' } })).isError,
    ).toBeFalsy();
    // the host has the upstream's answer before the `executed` record is written
    await until(async () => (await stores.audit.records()).some((r) => r.type === 'executed'));
    const records = await stores.audit.records();
    expect(await verifyAuditChain(records)).toMatchObject({ ok: true });
    expect(records.map((r) => r.type)).toEqual(
      expect.arrayContaining(['tool_definition_observed', 'tool_definition_approved', 'executed']),
    );
    expect(records.find((r) => r.type === 'tool_definition_approved')?.approver).toBe('alice');
  });
});
