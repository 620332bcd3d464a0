import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureTool, fixtureServer } from './__fixtures__/fixture-server.js';
import { proxiedClient, refusalOf } from './__fixtures__/proxied-client.js';
import { MAX_URL_FORMAT_LENGTH } from './seal/json-schema-standard.js';

const tool = (name: string, inputSchema: Record<string, unknown>): FixtureTool => ({
  name,
  description: `pattern fixture ${name}`,
  inputSchema,
});

const TOOLS: FixtureTool[] = [
  // catastrophic for a backtracking engine: ^(a+)+$ on "aaa…ab" takes 2^n steps
  tool('nested', {
    type: 'object',
    properties: { id: { type: 'string', pattern: '^(a+)+$' } },
    required: ['id'],
  }),
  tool('line', {
    type: 'object',
    properties: { text: { type: 'string', pattern: '^\\S.*$' } },
  }),
  tool('tags', {
    type: 'object',
    patternProperties: { '^x-[a-z]+$': { type: 'number' } },
    additionalProperties: false,
  }),
  tool('link', {
    type: 'object',
    properties: { href: { type: 'string', format: 'url' } },
    required: ['href'],
  }),
  tool('lookahead', {
    type: 'object',
    properties: { id: { type: 'string', pattern: '^(?=a)a+$' } },
  }),
];

describe("an upstream's schema patterns run in linear time on model arguments", () => {
  const upstream = fixtureServer(TOOLS);
  let t: Awaited<ReturnType<typeof proxiedClient>>;
  beforeAll(async () => {
    t = await proxiedClient({
      servers: [
        {
          name: 'fx',
          config: {
            tools: {
              nested: 'allow',
              line: 'allow',
              tags: 'allow',
              link: 'allow',
              lookahead: 'allow',
            },
            pinning: 'trust-first-use',
          },
          transport: upstream.transport,
        },
      ],
    });
    await t.client.listTools();
  });
  afterAll(() => t?.close());

  async function call(name: string, args: Record<string, unknown>) {
    const before = upstream.calls.length;
    const result = await t.client.callTool({ name, arguments: args });
    return { result, forwarded: upstream.calls.length - before };
  }

  it('a long near-match of ^(a+)+$ is refused at the schema stage, never forwarded', async () => {
    const { result, forwarded } = await call('nested', { id: `${'a'.repeat(5000)}b` });
    expect(result.isError).toBe(true);
    expect(refusalOf(result)).toMatchObject({
      stage: 'schema',
      code: 'schema_validation_failed',
      tool: 'fx/nested',
    });
    expect(forwarded).toBe(0);
  });

  it('a match still passes and reaches the upstream once', async () => {
    const { result, forwarded } = await call('nested', { id: 'a'.repeat(5000) });
    expect(result.isError).toBeFalsy();
    expect(forwarded).toBe(1);
  });

  it.each([
    ['a line', 'hello world', true],
    ['a leading space', ' hello', false],
    // JavaScript's \S and . exclude these, and so does the linear engine
    ['a leading no-break space', '\u00a0hello', false],
    ['a line separator', 'a\u2028b', false],
    ['a carriage return', 'a\rb', false],
  ])('^\\S.*$ on %s: passes = %s, as JavaScript decides', async (_l, text, passes) => {
    const { result, forwarded } = await call('line', { text });
    expect(Boolean(result.isError)).toBe(!passes);
    expect(forwarded).toBe(passes ? 1 : 0);
    if (!passes) expect(refusalOf(result)).toMatchObject({ stage: 'schema' });
  });

  it.each([
    [{ 'x-ab': 1 }, true],
    [{ 'x-AB': 1 }, false],
    [{ 'x-ab': 'one' }, false],
    [{ 'x-': 1 }, false],
  ])('patternProperties on %j: passes = %s', async (args, passes) => {
    const { result, forwarded } = await call('tags', args);
    expect(Boolean(result.isError)).toBe(!passes);
    expect(forwarded).toBe(passes ? 1 : 0);
  });

  it.each([
    ['a URL', true, 'https://example.com/a?b=c'],
    [
      'a URL of the longest accepted length',
      true,
      `https://example.com/${'a'.repeat(MAX_URL_FORMAT_LENGTH - 20)}`,
    ],
    [
      'one character longer',
      false,
      `https://example.com/${'a'.repeat(MAX_URL_FORMAT_LENGTH - 19)}`,
    ],
    // the url regex is quadratic here: 220 kB took 3.7 s, this is 4.5 times as long (1 MiB is the arguments limit)
    ['a 1 MB near-miss', false, `ftp://172.30.3.56${'4.1.6.7:155'.repeat(90_000)}\u0000`],
  ])('format url on %s: passes = %s', async (_l, passes, href) => {
    const { result, forwarded } = await call('link', { href });
    expect(Boolean(result.isError)).toBe(!passes);
    expect(forwarded).toBe(passes ? 1 : 0);
    if (!passes) expect(refusalOf(result)).toMatchObject({ stage: 'schema', tool: 'fx/link' });
  });

  it('a pattern with no linear-time form (lookahead): the tool is not listed, a call is refused', async () => {
    const { tools } = await t.client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(['line', 'link', 'nested', 'tags']);
    const { result, forwarded } = await call('lookahead', { id: 'aa' });
    expect(result.isError).toBe(true);
    expect(refusalOf(result)).toMatchObject({
      stage: 'definition',
      code: 'invalid_definition',
      tool: 'fx/lookahead',
    });
    expect(forwarded).toBe(0);
  });
});
