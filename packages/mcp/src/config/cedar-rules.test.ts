import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolPolicyInput } from '@argseal/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ECHO_TOOL, fixtureServer } from '../__fixtures__/fixture-server.js';
import { proxiedClient, refusalOf } from '../__fixtures__/proxied-client.js';
import { policyForTool } from '../seal/policy-rules.js';
import type { McpCallContext } from './config-types.js';
import { loadConfig } from './load-config.js';

const POLICIES = `@id("small-writes") permit (principal, action == Action::"fs/write", resource)
when { context.args.content like "*" && context.server.upstream == "fs" };
@id("no-etc") forbid (principal, action, resource) when { context.args.path like "/etc/*" };
@id("deletes") @approval("ops") @approvals("2")
permit (principal, action == Action::"fs/delete", resource);`;

const SCHEMA = `entity Agent; entity Tool;
type Server = { upstream: String, client?: { name: String, version: String } };
action "fs/write" appliesTo { principal: Agent, resource: Tool,
  context: { args: { path: String, content: String }, server: Server } };
action "fs/delete" appliesTo { principal: Agent, resource: Tool,
  context: { args: { path: String }, server: Server } };`;

let dir: string;
const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
const config = (rules: unknown) =>
  write('proxy.json', JSON.stringify({ servers: { fs: { command: 'x', ...(rules as object) } } }));

function input(tool: string, args: Record<string, string>): ToolPolicyInput<McpCallContext> {
  return {
    agent: 'mcp',
    tool: `fs/${tool}`,
    toolCallId: 'mcp-1',
    rawArguments: JSON.stringify(args),
    requestedArguments: args,
    parsedArguments: args,
    argsCanonicalJson: JSON.stringify(args),
    proposalHash: 'a'.repeat(64),
    context: { server: 'fs', tool, annotations: undefined, client: { name: 'host', version: '1' } },
  };
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'argseal-mcp-cedar-'));
  write('fs.cedar', POLICIES);
  write('fs.cedarschema', SCHEMA);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a cedar rule in the proxy config (JSON)', () => {
  it('a server policy { cedar: { policies, schema } } decides every tool of the server', async () => {
    config({ policy: { cedar: { policies: 'fs.cedar', schema: 'fs.cedarschema' } } });
    const loaded = await loadConfig('proxy.json', dir);
    const server = loaded.servers.fs!;
    const write = policyForTool('fs', server, { name: 'write' });
    const del = policyForTool('fs', server, { name: 'delete' });
    expect(await write(input('write', { path: '/tmp/a', content: 'x' }))).toMatchObject({
      type: 'allow',
    });
    expect(await write(input('write', { path: '/etc/passwd', content: 'x' }))).toMatchObject({
      type: 'deny',
      reason: 'cedar_forbid:no-etc',
    });
    expect(await del(input('delete', { path: '/tmp/a' }))).toMatchObject({
      type: 'require_approval',
      approvals: { required: 2, group: 'ops' },
    });
    // a tool the schema does not know is refused, closed
    expect(
      await policyForTool('fs', server, { name: 'chmod' })(input('chmod', { path: '/' })),
    ).toMatchObject({
      type: 'deny',
      reason: 'cedar_request_invalid',
    });
  });

  it('a tool rule { cedar: "file" } (no schema) decides that tool', async () => {
    config({ tools: { write: { cedar: 'fs.cedar' } }, policy: 'deny' });
    const server = (await loadConfig('proxy.json', dir)).servers.fs!;
    expect(
      await policyForTool('fs', server, { name: 'write' })(
        input('write', { path: '/a', content: 'x' }),
      ),
    ).toMatchObject({
      type: 'allow',
    });
  });

  it.each([
    [
      'a policy file that fails validation',
      () => write('fs.cedar', POLICIES.replace('content like', 'contnt like')),
      { cedar: { policies: 'fs.cedar', schema: 'fs.cedarschema' } },
      /servers\.fs\.policy: cedar_validation_error: cedar policy "small-writes"/u,
    ],
    [
      'a policy file that does not parse',
      () => write('fs.cedar', 'permit ('),
      { cedar: 'fs.cedar' },
      /cedar_syntax_error/u,
    ],
    [
      'a missing file',
      () => {},
      { cedar: 'missing.cedar' },
      /servers\.fs\.policy: a cedar file cannot be read/u,
    ],
    [
      'an unknown key in the entry',
      () => {},
      { cedar: { policies: 'fs.cedar', schemas: 'x' } },
      /invalid_cedar_options/u,
    ],
    [
      'an extra key beside cedar',
      () => {},
      { cedar: 'fs.cedar', mode: 'x' },
      /a cedar rule has only the key "cedar"/u,
    ],
  ])('%s is invalid_config when the config loads', async (_, prepare, rule, message) => {
    prepare();
    config({ policy: rule });
    await expect(loadConfig('proxy.json', dir)).rejects.toMatchObject({
      code: 'invalid_config',
      message: expect.stringMatching(message),
    });
  });
});

describe('a cedar rule in a running proxy (SDK client, fixture upstream)', () => {
  it('permits, forbids and refuses floats before anything reaches the upstream', async () => {
    write(
      'fx.cedar',
      `@id("echo-ok") permit (principal, action == Action::"fx/echo", resource);
@id("no-secrets") forbid (principal, action, resource) when { context.args has message && context.args.message like "*secret*" };`,
    );
    write(
      'proxy.json',
      JSON.stringify({
        servers: { fx: { policy: { cedar: 'fx.cedar' }, pinning: 'trust-first-use' } },
      }),
    );
    const loaded = await loadConfig('proxy.json', dir);
    const upstream = fixtureServer([ECHO_TOOL]);
    const t = await proxiedClient({
      agent: 'mcp',
      servers: [{ name: 'fx', config: loaded.servers.fx!, transport: upstream.transport }],
    });
    try {
      const ok = await t.client.callTool({ name: 'echo', arguments: { message: 'hi', n: 2 } });
      expect(ok.isError).toBeFalsy();
      const denied = await t.client.callTool({ name: 'echo', arguments: { message: 'my secret' } });
      expect(denied.isError).toBe(true);
      expect(refusalOf(denied)).toMatchObject({
        reason: expect.stringContaining('cedar_forbid:no-secrets'),
      });
      const float = await t.client.callTool({ name: 'echo', arguments: { message: 'hi', n: 2.5 } });
      expect(float.isError).toBe(true);
      expect(JSON.stringify(float)).toContain('cedar_non_integer_number');
      expect(upstream.calls).toEqual([{ name: 'echo', arguments: { message: 'hi', n: 2 } }]);
    } finally {
      await t.close();
    }
  });
});
