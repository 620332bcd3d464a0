import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ArgsealConfigError, ToolArgumentsValidationError } from '../errors.js';
import { defineTool } from '../tool/define-tool.js';
import { args, setup } from './__fixtures__/refund.js';
import { createAuthorizer } from './create-authorizer.js';

const schema = z.object({ a: z.number() });

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return ArgsealConfigError.isInstance(e) ? e.code : `not-config:${String(e)}`;
  }
  return undefined;
}

describe('configuration errors (closed by default)', () => {
  it.each([
    ['missing policy', () => createAuthorizer({ agent: 'a' } as never), 'missing_policy'],
    [
      'empty agent',
      () => createAuthorizer({ agent: '', policy: () => ({ type: 'allow' }) }),
      'invalid_agent',
    ],
    [
      'bad mode',
      () =>
        createAuthorizer({ agent: 'a', policy: () => ({ type: 'allow' }), mode: 'audit' as never }),
      'invalid_mode',
    ],
    [
      'bad rewrite',
      () =>
        createAuthorizer({ agent: 'a', policy: () => ({ type: 'allow' }), rewrite: [1 as never] }),
      'invalid_rewrite',
    ],
    [
      'tool without name',
      () => defineTool({ name: '', schema, execute: () => 1 }),
      'invalid_tool_name',
    ],
    [
      'tool without schema',
      () => defineTool({ name: 't', schema: {} as never, execute: () => 1 }),
      'invalid_schema',
    ],
    [
      'tool without execute',
      () => defineTool({ name: 't', schema, execute: 1 as never }),
      'invalid_execute',
    ],
    [
      'bad informational pointer',
      () =>
        defineTool({
          name: 't',
          schema,
          execute: () => 1,
          informationalFields: ['memo'],
          classificationVersion: 'v1',
        }),
      'invalid_informational_field',
    ],
    [
      'informational without version',
      () => defineTool({ name: 't', schema, execute: () => 1, informationalFields: ['/memo'] }),
      'missing_classification_version',
    ],
  ])('%s', (_name, fn, code) => {
    expect(codeOf(fn)).toBe(code);
  });

  it('calling with something that is not a sealed tool throws invalid_tool', async () => {
    const { authorizer } = setup();
    await expect(
      authorizer.call({ name: 'x', execute: () => 1 } as never, '{}'),
    ).rejects.toMatchObject({
      code: 'invalid_tool',
    });
  });
});

describe('policy failures deny', () => {
  it.each([
    [
      'throws',
      () => {
        throw new Error('boom');
      },
      'policy_error',
    ],
    ['returns garbage', () => ({ type: 'maybe' }) as never, 'invalid_policy_decision'],
    ['deny without reason', () => ({ type: 'deny' }) as never, 'invalid_policy_decision'],
    ['returns undefined', () => undefined as never, 'invalid_policy_decision'],
  ])('a policy that %s denies and nothing executes', async (_n, policy, reason) => {
    const { authorizer, tool, executed, approvals } = setup({ policy });
    expect(await authorizer.call(tool, args(5))).toMatchObject({ status: 'denied', reason });
    expect(executed).toEqual([]);
    expect(await approvals.listProposals()).toEqual([]);
  });
});

describe('bad raw input', () => {
  it.each([
    ['{"amount":1,"amount":2}', 'decode', 'duplicate_key', '/amount'],
    ['{"amount":9007199254740993}', 'decode', 'unsafe_integer', '/amount'],
    ['{"orderId":"\\ud800"}', 'decode', 'lone_surrogate', '/orderId'],
    ['{"amount":-0}', 'decode', 'negative_zero', '/amount'],
    ['{"amount":1} x', 'decode', 'trailing_data', ''],
    ['not json', 'decode', 'invalid_json', ''],
    [
      '{"orderId":"o","amount":"5","currency":"EUR"}',
      'schema',
      'schema_validation_failed',
      '/amount',
    ],
  ])('%s → %s/%s at %s: nothing runs, nothing stored', async (raw, stage, code, path) => {
    let policyCalls = 0;
    const { authorizer, tool, executed, approvals } = setup({
      policy: () => {
        policyCalls++;
        return { type: 'require_approval', reason: 'r' };
      },
    });
    const outcome = await authorizer.call(tool, raw, { toolCallId: 'call_1' });
    expect(outcome.status).toBe('invalid');
    if (outcome.status !== 'invalid') return;
    expect(ToolArgumentsValidationError.isInstance(outcome.error)).toBe(true);
    expect(outcome.error).toMatchObject({ stage, code, path, tool: 'refund' });
    expect(outcome.toolCallId).toBe('call_1');
    expect(policyCalls).toBe(0);
    expect(executed).toEqual([]);
    expect(await approvals.listProposals()).toEqual([]);
  });

  it('decoded (non-string) arguments are checked by the same strict rules at stage decode', async () => {
    const { authorizer, tool, executed } = setup();
    const outcome = await authorizer.call(tool, { orderId: 'o', amount: 1n, currency: 'EUR' });
    expect(outcome).toMatchObject({
      status: 'invalid',
      error: { stage: 'decode', code: 'bigint_value', path: '/amount' },
    });
    expect(executed).toEqual([]);
  });

  it('a tool that throws is reported as failed and audited without the payload', async () => {
    const { audit, approvals } = setup();
    const tool = defineTool({
      name: 'boom',
      schema,
      execute: () => {
        throw new Error('kaput');
      },
    });
    const authorizer = createAuthorizer({
      agent: 'a',
      policy: () => ({ type: 'allow' }),
      audit,
      approvals,
    });
    const outcome = await authorizer.call(tool, '{"a":1}');
    expect(outcome.status).toBe('failed');
    const failed = (await audit.records()).find((r) => r.type === 'failed');
    expect(failed).toMatchObject({ error: { code: 'tool_error' } });
  });
});

describe('schema issue messages', () => {
  const valibotLike = {
    '~standard': {
      version: 1 as const,
      vendor: 'quoting',
      validate: (v: unknown) => ({
        issues: [
          {
            message: `Invalid type: Expected number but received "${String((v as { amount?: unknown }).amount)}"`,
            path: ['amount'],
          },
        ],
      }),
    },
  };

  it('are dropped by default, since validators may quote the received value', async () => {
    const tool = defineTool({ name: 't', schema: valibotLike as never, execute: () => 1 });
    const authorizer = createAuthorizer({ agent: 'a', policy: () => ({ type: 'allow' }) });
    const outcome = await authorizer.call(tool, '{"amount":"SECRET-4111"}');
    if (outcome.status !== 'invalid') throw new Error('expected invalid');
    expect(outcome.error.issues).toEqual([{ path: '/amount' }]);
    expect(JSON.stringify(outcome.error)).not.toContain('SECRET');
    expect(outcome.error.message).not.toContain('SECRET');
  });

  it('are kept with schemaIssueMessages: true', async () => {
    const tool = defineTool({ name: 't', schema: valibotLike as never, execute: () => 1 });
    const authorizer = createAuthorizer({
      agent: 'a',
      policy: () => ({ type: 'allow' }),
      schemaIssueMessages: true,
    });
    const outcome = await authorizer.call(tool, '{"amount":"x"}');
    if (outcome.status !== 'invalid') throw new Error('expected invalid');
    expect(outcome.error.issues).toEqual([
      { path: '/amount', message: 'Invalid type: Expected number but received "x"' },
    ]);
  });
});
