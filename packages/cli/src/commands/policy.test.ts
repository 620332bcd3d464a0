import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openConsoleStorage } from '@argseal/console';
import { createAuthorizer, createMemoryAuditLog, defineTool, type JsonValue } from '@argseal/core';
import { canonicalize } from '@argseal/core/store';
import { cedarPolicy } from '@argseal/policy-cedar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { captureIo } from '../__fixtures__/capture-io.js';
import { runCli } from '../run-cli.js';

const TOOLS = {
  tools: [
    {
      name: 'pay',
      inputSchema: {
        type: 'object',
        properties: { amount: { type: 'integer' }, currency: { type: 'string' } },
        required: ['amount', 'currency'],
      },
    },
  ],
};

const V1 = `@id("pay-small")
permit (principal, action == Action::"pay", resource) when { context.args.amount <= 1000 };
@id("pay-big") @approval("finance")
permit (principal, action == Action::"pay", resource) when { context.args.amount > 1000 };
@id("cap")
forbid (principal, action == Action::"pay", resource) when { context.args.amount > 5000 };
`;
// v2 lowers the approval threshold to 100 and the cap to 2000
const V2 = V1.replace('<= 1000', '<= 100').replace('> 1000', '> 100').replace('> 5000', '> 2000');

let dir: string;
const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text);
  return name;
};
async function cli(...argv: string[]) {
  const { io, out, err } = captureIo(dir);
  const status = await runCli(argv, io);
  return { status, out: out.join(''), err: err.join('') };
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'argseal-cli-policy-'));
  file('tools.json', JSON.stringify(TOOLS));
  file('v1.cedar', V1);
  file('v2.cedar', V2);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('argseal policy schema|check', () => {
  it('schema prints a Cedar schema for the tools, and check validates against it', async () => {
    const schema = await cli('policy', 'schema', '--tools', 'tools.json');
    expect(schema).toMatchObject({ status: 0, err: '' });
    expect(schema.out).toContain('action "pay" appliesTo');
    expect(schema.out).toContain('amount: __cedar::Long');
    file('schema.cedarschema', schema.out);
    expect(await cli('policy', 'check', 'v1.cedar', '--schema', 'schema.cedarschema')).toEqual({
      status: 0,
      out: 'ok: 3 policies validate against the schema\n',
      err: '',
    });
    expect((await cli('policy', 'check', 'v1.cedar', '--tools', 'tools.json')).out).toBe(
      'ok: 3 policies validate against the schema\n',
    );
    expect((await cli('policy', 'check', 'v1.cedar')).out).toMatch(
      /^ok: 3 policies parse \(no schema/u,
    );
  });

  it('--help lists the actions and options', async () => {
    const r = await cli('policy', '--help');
    expect(r.status).toBe(0);
    for (const word of [
      'policy schema',
      'check',
      'test',
      '--tools',
      '--schema',
      '--audit',
      '--fail-on-change',
    ])
      expect(r.out).toContain(word);
  });

  it('schema --out writes the file', async () => {
    expect((await cli('policy', 'schema', '--tools', 'tools.json', '--out', 's.txt')).out).toBe('');
    expect((await cli('policy', 'check', 'v1.cedar', '--schema', 's.txt')).status).toBe(0);
  });

  it('an unknown attribute fails with Cedar’s message and the policy id, exit 1', async () => {
    file(
      'typo.cedar',
      '@id("typo")\npermit (principal, action == Action::"pay", resource) when { context.args.amout > 1 };',
    );
    const r = await cli('policy', 'check', 'typo.cedar', '--tools', 'tools.json');
    expect(r.status).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/^error: policy\/cedar_validation_error .*amout.* \(policy "typo"\)\n$/u);
  });

  it('a syntax error fails with cedar_syntax_error, exit 1', async () => {
    file('bad.cedar', 'permit (principal, action, resource) when { ');
    const r = await cli('policy', 'check', 'bad.cedar');
    expect(r).toMatchObject({ status: 1, out: '' });
    expect(r.err).toMatch(/^error: policy\/cedar_syntax_error /u);
  });

  it('a tool schema Cedar cannot type fails with cedar_schema_error, exit 1', async () => {
    file(
      'anyof.json',
      JSON.stringify([
        { name: 'x', inputSchema: { type: 'object', properties: { a: { anyOf: [] } } } },
      ]),
    );
    const r = await cli('policy', 'schema', '--tools', 'anyof.json');
    expect(r).toMatchObject({ status: 1, out: '' });
    expect(r.err).toMatch(/^error: policy\/cedar_schema_error tool "x".*\/a/u);
  });

  it.each([
    [['policy'], 'missing_action'],
    [['policy', 'lint'], 'missing_action'],
    [['policy', 'check'], 'missing_argument'],
    [['policy', 'schema'], 'missing_option'],
    [['policy', 'schema', '--tools', 'tools.json', '--schema', 'x'], 'conflicting_options'],
    [
      ['policy', 'check', 'v1.cedar', '--schema', 'x', '--tools', 'tools.json'],
      'conflicting_options',
    ],
    [['policy', 'check', 'missing.cedar'], 'unreadable_file'],
    [['policy', 'check', 'v1.cedar', '--tools', 'v1.cedar'], 'invalid_json_file'],
    [['policy', 'schema', '--tools', 'v1.json'], 'unreadable_file'],
    [['policy', 'test', 'v1.cedar', '--audit', 'v1.cedar'], 'invalid_json_file'],
    [['policy', 'check', 'v1.cedar', '--nope'], 'unknown_option'],
  ])('%j is a usage error %s (exit 64, nothing on stdout)', async (argv, code) => {
    const r = await cli(...argv);
    expect(r.status).toBe(64);
    expect(r.out).toBe('');
    expect(r.err).toMatch(new RegExp(`^error: usage/${code} `, 'u'));
  });
});

describe('argseal policy test', () => {
  /** Records real calls through the core authorizer under v1 and exports the log as JSONL. */
  async function recordCalls(amounts: number[]) {
    const audit = createMemoryAuditLog();
    const pay = defineTool({
      name: 'pay',
      schema: z.object({ amount: z.number(), currency: z.string() }),
      execute: () => 'paid',
    });
    const authorizer = createAuthorizer({
      agent: 'billing',
      audit,
      policy: cedarPolicy({ policies: V1 }),
    });
    for (const [i, amount] of amounts.entries()) {
      await authorizer.call(pay, JSON.stringify({ amount, currency: 'USD' }), {
        toolCallId: `c${i}`,
      });
    }
    const lines = (await audit.records()).map(
      (r) => `${canonicalize(r as unknown as JsonValue)}\n`,
    );
    return file('audit.jsonl', lines.join(''));
  }

  it('prints each decision the changed policies would change', async () => {
    await recordCalls([50, 500, 1500, 3000, 9000]);
    const r = await cli(
      'policy',
      'test',
      'v2.cedar',
      '--tools',
      'tools.json',
      '--audit',
      'audit.jsonl',
    );
    expect(r.err).toBe('');
    expect(r.status).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(
        /^record \d+ "billing" "pay": allow -> require_approval \(cedar_approval:pay-big\)$/u,
      ),
      expect.stringMatching(
        /^record \d+ "billing" "pay": require_approval -> deny \(cedar_forbid:cap\)$/u,
      ),
      'replayed 5 decisions: 2 would change (allow -> require_approval: 1, require_approval -> deny: 1)',
    ]);
    // the recorded arguments never appear in the output
    expect(r.out).not.toMatch(/500|3000/u);
  });

  it('the same policies change nothing; --fail-on-change exits 1 only when something would', async () => {
    await recordCalls([50, 3000]);
    expect(
      await cli('policy', 'test', 'v1.cedar', '--audit', 'audit.jsonl', '--fail-on-change'),
    ).toEqual({
      status: 0,
      out: 'replayed 2 decisions: 0 would change\n',
      err: '',
    });
    expect(
      (await cli('policy', 'test', 'v2.cedar', '--audit', 'audit.jsonl', '--fail-on-change'))
        .status,
    ).toBe(1);
  });

  it('a changed set that does not validate is refused before anything is replayed', async () => {
    await recordCalls([50]);
    file(
      'typo.cedar',
      '@id("typo")\npermit (principal, action == Action::"pay", resource) when { context.args.amout > 1 };',
    );
    const r = await cli(
      'policy',
      'test',
      'typo.cedar',
      '--tools',
      'tools.json',
      '--audit',
      'audit.jsonl',
    );
    expect(r).toMatchObject({ status: 1, out: '' });
    expect(r.err).toMatch(/^error: policy\/cedar_validation_error .*\(policy "typo"\)\n$/u);
  });

  it('reads the recorded decisions from the console storage (--data-dir)', {
    timeout: 120_000,
  }, async () => {
    const storage = await openConsoleStorage({ storage: 'embedded', dataDir: join(dir, 'data') });
    const pay = defineTool({
      name: 'pay',
      schema: z.object({ amount: z.number(), currency: z.string() }),
      execute: () => 'paid',
    });
    const authorizer = createAuthorizer({
      agent: 'billing',
      audit: storage.audit,
      approvals: storage.store,
      policy: cedarPolicy({ policies: V1 }),
    });
    for (const [i, amount] of [50, 500, 3000].entries()) {
      await authorizer.call(pay, JSON.stringify({ amount, currency: 'USD' }), {
        toolCallId: `c${i}`,
      });
    }
    await storage.close();
    const r = await cli('policy', 'test', 'v2.cedar', '--data-dir', 'data');
    expect(r.err).toBe('');
    expect(r.out).toMatch(/: allow -> require_approval \(cedar_approval:pay-big\)\n/u);
    expect(r.out).toMatch(/: require_approval -> deny \(cedar_forbid:cap\)\n/u);
    expect(r.out).toMatch(/^replayed 3 decisions: 2 would change /mu);
    const conflicting = await cli(
      'policy',
      'test',
      'v2.cedar',
      '--data-dir',
      'data',
      '--audit',
      'x.jsonl',
    );
    expect(conflicting).toMatchObject({ status: 64, out: '' });
    expect(conflicting.err).toMatch(/^error: usage\/conflicting_options /u);
    const missing = await cli('policy', 'test', 'v2.cedar', '--data-dir', 'nowhere');
    expect(missing).toMatchObject({ status: 64, out: '' });
    expect(missing.err).toMatch(/^error: usage\/audit_store_missing /u);
  });
});
