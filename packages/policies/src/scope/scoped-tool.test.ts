import { createAuthorizer, createMemoryAuditLog } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allOf } from '../compose/all-of.js';
import { alwaysAllow } from '../compose/constant.js';
import { requireServerScope } from './require-server-scope.js';
import { defineScopedTool } from './scoped-tool.js';

interface Ctx {
  session?: { tenantId: string };
}

const scope = (ctx: Ctx) => ctx?.session;

describe('defineScopedTool', () => {
  it('refuses to define a tool whose schema declares a scope field', () => {
    let executed = 0;
    expect(() =>
      defineScopedTool(
        {
          name: 'list_invoices',
          schema: z.object({ tenantId: z.string(), status: z.string() }),
          execute: () => {
            executed++;
          },
        },
        { scope },
      ),
    ).toThrow(expect.objectContaining({ code: 'scope_field_in_schema' }));
    expect(executed).toBe(0);
  });

  it('puts the server scope into the execution context', async () => {
    const seen: unknown[] = [];
    const tool = defineScopedTool(
      {
        name: 'list_invoices',
        schema: z.object({ status: z.enum(['open', 'paid']) }),
        execute: (input, ctx) => {
          seen.push({ input, scope: ctx.scope, toolCallId: ctx.toolCallId });
          return `invoices of ${ctx.scope.tenantId}`;
        },
      },
      { scope },
    );
    const authorizer = createAuthorizer<Ctx>({
      agent: 'a',
      policy: allOf(requireServerScope(scope), alwaysAllow()),
    });
    const out = await authorizer.call(tool, '{"status":"open"}', {
      toolCallId: 'c1',
      context: { session: { tenantId: 't_1' } },
    });
    expect(out).toMatchObject({ status: 'executed', result: 'invoices of t_1' });
    expect(seen).toEqual([
      { input: { status: 'open' }, scope: { tenantId: 't_1' }, toolCallId: 'c1' },
    ]);
  });

  it('a model-supplied scope field is stripped by the schema and never reaches scope', async () => {
    let got: unknown;
    const tool = defineScopedTool(
      {
        name: 'read',
        schema: z.object({ id: z.string() }),
        execute: (input, ctx) => {
          got = { input, scope: ctx.scope };
        },
      },
      { scope },
    );
    const authorizer = createAuthorizer<Ctx>({ agent: 'a', policy: alwaysAllow() });
    await authorizer.call(tool, '{"id":"x","tenantId":"attacker"}', {
      context: { session: { tenantId: 'mine' } },
    });
    expect(got).toEqual({ input: { id: 'x' }, scope: { tenantId: 'mine' } });
  });

  it('without server scope: the policy denies and nothing runs', async () => {
    let executed = 0;
    const tool = defineScopedTool(
      {
        name: 'read',
        schema: z.object({ id: z.string() }),
        execute: () => {
          executed++;
        },
      },
      { scope },
    );
    const audit = createMemoryAuditLog();
    const authorizer = createAuthorizer<Ctx>({
      agent: 'a',
      audit,
      policy: requireServerScope(scope),
    });
    const out = await authorizer.call(tool, '{"id":"x"}', { context: {} });
    expect(out).toMatchObject({ status: 'denied', reason: 'scope_missing' });
    expect(executed).toBe(0);
    const decided = (await audit.records()).find((r) => r.type === 'decided');
    expect(decided?.trace).toEqual([
      { rule: 'requireServerScope', decision: 'deny', reason: 'scope_missing' },
    ]);
  });

  it('without server scope and without the policy: execution fails with scope_missing before the body', async () => {
    let executed = 0;
    const tool = defineScopedTool(
      {
        name: 'read',
        schema: z.object({ id: z.string() }),
        execute: () => {
          executed++;
        },
      },
      { scope },
    );
    const authorizer = createAuthorizer<Ctx>({ agent: 'a', policy: alwaysAllow() });
    const out = await authorizer.call(tool, '{"id":"x"}', { context: {} });
    expect(out.status).toBe('failed');
    expect(out.status === 'failed' && (out.error as { code?: string }).code).toBe('scope_missing');
    expect(executed).toBe(0);
  });

  it('refuses bad options', () => {
    const def = { name: 't', schema: z.object({}), execute: () => 1 };
    expect(() => defineScopedTool(def, {} as never)).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
    expect(() => defineScopedTool({ ...def, execute: 1 } as never, { scope })).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
    expect(() => requireServerScope(null as never)).toThrow(
      expect.objectContaining({ code: 'invalid_policy_options' }),
    );
  });

  it('requireServerScope denies when the reader throws', async () => {
    const p = requireServerScope(() => {
      throw new Error('x');
    });
    const authorizer = createAuthorizer({ agent: 'a', policy: p });
    const tool = defineScopedTool(
      { name: 't', schema: z.object({}), execute: () => 1 },
      { scope: () => ({ ok: true }) },
    );
    expect(await authorizer.call(tool, '{}')).toMatchObject({
      status: 'denied',
      reason: 'scope_missing',
    });
  });
});
