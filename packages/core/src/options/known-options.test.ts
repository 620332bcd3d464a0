import { describe, expect, it } from 'vitest';
import { createMemoryApprovalStore } from '../approvals/memory-store.js';
import { createMemoryAuditLog } from '../audit/memory-log.js';
import { makeRefund } from '../authorizer/__fixtures__/refund.js';
import { createAuthorizer } from '../authorizer/create-authorizer.js';
import { ArgsealConfigError } from '../errors.js';
import { defineTool } from '../tool/define-tool.js';
import { assertKnownOptions, nearestOption, UnknownOptionError } from './known-options.js';

const allow = () => ({ type: 'allow' as const });

function refusal(fn: () => unknown): UnknownOptionError {
  try {
    fn();
  } catch (e) {
    if (e instanceof UnknownOptionError) return e;
    throw e;
  }
  throw new Error('expected unknown_option');
}

describe('options objects refuse unknown keys at setup (unknown_option)', () => {
  it('createAuthorizer({ approval: store }): the typo is refused, naming approvals', async () => {
    const audit = createMemoryAuditLog();
    const store = createMemoryApprovalStore({ audit });
    const e = refusal(() =>
      createAuthorizer({
        agent: 'a',
        policy: () => ({ type: 'require_approval', reason: 'x' }),
        audit,
        approval: store,
      } as never),
    );
    expect(e.code).toBe('unknown_option');
    expect(ArgsealConfigError.isInstance(e)).toBe(true);
    expect(e).toMatchObject({ where: 'createAuthorizer', option: 'approval' });
    expect(e.suggestion).toBe('approvals');
    expect(e.message).toContain('"approval"');
    expect(e.message).toContain('"approvals"');
    // nothing was built: no audit record, no proposal
    expect(await audit.records()).toEqual([]);
    expect(await store.listProposals({ status: 'all' })).toEqual([]);
  });

  it('{ polcy } names the key and policy (not only missing_policy)', () => {
    const e = refusal(() => createAuthorizer({ agent: 'a', polcy: allow } as never));
    expect(e).toMatchObject({ code: 'unknown_option', option: 'polcy', suggestion: 'policy' });
  });

  it('trustClientApproval is refused, with no suggestion when nothing is close', () => {
    const e = refusal(() =>
      createAuthorizer({ agent: 'a', policy: allow, trustClientApproval: true } as never),
    );
    expect(e).toMatchObject({ code: 'unknown_option', option: 'trustClientApproval' });
    expect(e.suggestion).toBeUndefined();
  });

  it('a refused authorizer never executes a tool', async () => {
    const { tool, executed } = makeRefund();
    let authorizer: ReturnType<typeof createAuthorizer> | undefined;
    refusal(() => {
      authorizer = createAuthorizer({ agent: 'a', policy: allow, mod: 'shadow' } as never);
    });
    expect(authorizer).toBeUndefined();
    expect(executed).toEqual([]);
    expect(tool.name).toBe('refund');
  });

  it('the memory stores refuse unknown keys too', () => {
    expect(
      refusal(() => createMemoryApprovalStore({ defaultGrantTTLMs: 5 } as never)),
    ).toMatchObject({ option: 'defaultGrantTTLMs', suggestion: 'defaultGrantTtlMs' });
    expect(refusal(() => createMemoryAuditLog({ sha: () => '' } as never))).toMatchObject({
      where: 'createMemoryAuditLog',
      option: 'sha',
    });
  });

  it('known keys pass; non-objects are left to the caller', () => {
    expect(() => assertKnownOptions('f', { a: 1 }, ['a', 'b'])).not.toThrow();
    expect(() => assertKnownOptions('f', undefined, ['a'])).not.toThrow();
    expect(nearestOption('mode', ['mode', 'now'])).toBe('mode');
    expect(nearestOption('zzzzzzzz', ['mode', 'now'])).toBeUndefined();
    expect(nearestOption('x'.repeat(10_000), ['mode'])).toBeUndefined();
  });

  it('defineTool refuses an unknown definition key (a typo of a known one is named)', () => {
    const { tool } = makeRefund();
    const error = refusal(() =>
      defineTool({
        name: 'refund',
        schema: tool.schema,
        execute: () => 'ran',
        informationalField: ['/memo'],
      } as never),
    );
    expect(error).toMatchObject({
      code: 'unknown_option',
      where: 'defineTool',
      option: 'informationalField',
      suggestion: 'informationalFields',
    });
  });

  it('per-call options refuse unknown keys: nothing is prepared, stored or executed', async () => {
    const { tool, executed } = makeRefund();
    const approvals = createMemoryApprovalStore();
    const audit = createMemoryAuditLog();
    const authorizer = createAuthorizer({ agent: 'a', policy: allow, approvals, audit });
    const raw = '{"orderId":"o","amount":5,"currency":"EUR"}';
    await expect(authorizer.call(tool, raw, { toolCallld: 'c1' } as never)).rejects.toMatchObject({
      code: 'unknown_option',
      where: 'call',
      suggestion: 'toolCallId',
    });
    await expect(
      authorizer.prepare(tool, raw, { allowDecodedOnyl: true } as never),
    ).rejects.toMatchObject({ code: 'unknown_option', where: 'prepare' });
    expect(executed).toEqual([]);
    expect(await audit.records()).toEqual([]);
    expect(await approvals.listPending()).toEqual([]);
    // known keys pass
    expect((await authorizer.call(tool, raw, { toolCallId: 'c1' })).status).toBe('executed');
  });
});
