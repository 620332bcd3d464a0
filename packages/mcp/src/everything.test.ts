import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverCommand } from './__fixtures__/mcp-tools.js';
import { proxiedClient, refusalOf, textOf } from './__fixtures__/proxied-client.js';

describe('server-everything: direct and through the proxy (real server, SDK Client)', () => {
  const cmd = serverCommand('server-everything');
  let direct: Client;
  let t: Awaited<ReturnType<typeof proxiedClient>>;
  beforeAll(async () => {
    direct = new Client({ name: 'argseal-test', version: '1.0.0' });
    await direct.connect(new StdioClientTransport({ ...cmd, stderr: 'ignore' }));
    t = await proxiedClient({
      servers: [
        { name: 'everything', config: { ...cmd, trusted: true, pinning: 'trust-first-use' } },
      ],
    });
  });
  afterAll(async () => {
    await direct?.close();
    await t?.close();
  });

  it('passes prompts, resources, completion, logging and ping through unchanged', async () => {
    expect(await t.client.listPrompts()).toEqual(await direct.listPrompts());
    expect(await t.client.listResources()).toEqual(await direct.listResources());
    const uri = (await direct.listResources()).resources[0]!.uri;
    expect(await t.client.readResource({ uri })).toEqual(await direct.readResource({ uri }));
    const prompt = (await direct.listPrompts()).prompts[0]!;
    expect(await t.client.getPrompt({ name: prompt.name })).toEqual(
      await direct.getPrompt({ name: prompt.name }),
    );
    expect(await t.client.setLoggingLevel('error')).toEqual({});
    expect(await t.client.ping()).toEqual({});
    expect(t.client.getServerVersion()).toEqual(direct.getServerVersion());
  });

  it('lists the same tool definitions once pinned, and adds listChanged to the tools capability', async () => {
    expect((await t.client.listTools()).tools).toEqual((await direct.listTools()).tools);
    expect(t.client.getServerCapabilities()?.tools?.listChanged).toBe(true);
  });

  it('trusted annotations: readOnlyHint runs; openWorldHint gets the egress check', async () => {
    const echo = await t.client.callTool({ name: 'echo', arguments: { message: 'sealed' } });
    expect(textOf(echo)).toBe('Echo: sealed');
    const sum = await t.client.callTool({ name: 'get-sum', arguments: { a: 2, b: 3 } });
    expect(sum).toEqual(await direct.callTool({ name: 'get-sum', arguments: { a: 2, b: 3 } }));
    const gz = await t.client.callTool({
      name: 'gzip-file-as-resource',
      arguments: { name: 'x.gz', data: 'http://169.254.169.254/latest/meta-data' },
    });
    expect(refusalOf(gz)).toMatchObject({ code: 'denied', stage: 'policy' });
    expect(refusalOf(gz)?.reason).toMatch(/^egress_/);
  });

  it('schema from the pinned inputSchema (ajv): wrong types are refused at stage schema', async () => {
    const bad = await t.client.callTool({ name: 'get-sum', arguments: { a: 'two', b: 3 } });
    expect(refusalOf(bad)).toMatchObject({
      code: 'schema_validation_failed',
      stage: 'schema',
      path: '/a',
    });
  });
});

describe('server-memory through the proxy', () => {
  it('untrusted (default): hints ignored, every tool needs approval', async () => {
    const t = await proxiedClient({
      servers: [
        {
          name: 'memory',
          config: {
            ...serverCommand('server-memory'),
            env: { MEMORY_FILE_PATH: join(tmpdir(), `argseal-mem-${process.pid}-a.json`) },
            pinning: 'trust-first-use',
          },
        },
      ],
    });
    try {
      const read = await t.client.callTool({ name: 'read_graph', arguments: {} });
      expect(refusalOf(read)?.code).toBe('approval_required');
    } finally {
      await t.close();
    }
  });

  it('trusted: additive writes and reads run, deletes need approval', async () => {
    const t = await proxiedClient({
      servers: [
        {
          name: 'memory',
          config: {
            ...serverCommand('server-memory'),
            env: { MEMORY_FILE_PATH: join(tmpdir(), `argseal-mem-${process.pid}-b.json`) },
            trusted: true,
            pinning: 'trust-first-use',
          },
        },
      ],
    });
    try {
      const created = await t.client.callTool({
        name: 'create_entities',
        arguments: {
          entities: [{ name: 'argseal', entityType: 'project', observations: ['seals calls'] }],
        },
      });
      expect(created.isError).toBeFalsy();
      expect(textOf(await t.client.callTool({ name: 'read_graph', arguments: {} }))).toContain(
        'seals calls',
      );
      const del = await t.client.callTool({
        name: 'delete_entities',
        arguments: { entityNames: ['argseal'] },
      });
      expect(refusalOf(del)?.code).toBe('approval_required');
    } finally {
      await t.close();
    }
  });
});
