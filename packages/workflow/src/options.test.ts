import {
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  createMemoryExecutionLedger,
  DurableWaitError,
  defineTool,
  UnknownOptionError,
} from '@argseal/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { refundArgs } from './__fixtures__/refund-app.js';
import {
  callSealedTool,
  createMemoryWaitIndex,
  registerSealedTools,
  type SealedTools,
  WorkflowApprovalError,
  wakeHooksOnDecide,
} from './index.js';
import { openWorkflowWake } from './open-wake.js';
import { lookupSealed } from './registry.js';
import { argsealRequestStep } from './steps.js';

const store = createMemoryApprovalStore();
const authorizer = createAuthorizer({
  agent: 'a',
  approvals: store,
  audit: createMemoryAuditLog(),
  policy: () => ({ type: 'require_approval', reason: 'r' }),
});
const executed: unknown[] = [];
const tool = defineTool({
  name: 'refund',
  description: 'Refund',
  schema: z.object({ amount: z.number() }),
  execute: async (input) => {
    executed.push(input);
    return input;
  },
});
const base = () => ({
  authorizer,
  ledger: createMemoryExecutionLedger(),
  waits: createMemoryWaitIndex(),
  tools: [tool],
});

let made: SealedTools | undefined;
afterEach(() => {
  made?.unregister();
  made = undefined;
});

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (
      WorkflowApprovalError.isInstance(error) ||
      DurableWaitError.isInstance(error) ||
      error instanceof UnknownOptionError
    ) {
      return error.code;
    }
    throw error;
  }
  return undefined;
}

describe('registerSealedTools', () => {
  it.each([
    ['no options', undefined],
    ['no waits', { ...base(), waits: undefined }],
    ['waits without removeWait', { ...base(), waits: { addWait() {}, waitsFor() {} } }],
    ['no tools', { ...base(), tools: [] }],
    ['duplicate tool names', { ...base(), tools: [tool, tool] }],
    ['a bad name', { ...base(), name: 'has space' }],
  ])('refuses %s with invalid_workflow_options and registers nothing', (_label, options) => {
    expect(codeOf(() => registerSealedTools(options as never))).toBe('invalid_workflow_options');
    expect(lookupSealed('default')).toBeUndefined();
  });

  it('refuses an unknown key with core unknown_option (naming the nearest key) and registers nothing', () => {
    let error: unknown;
    try {
      registerSealedTools({ ...base(), ledgr: 1 } as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnknownOptionError);
    expect(error).toMatchObject({
      code: 'unknown_option',
      where: 'registerSealedTools',
      option: 'ledgr',
      suggestion: 'ledger',
    });
    expect(lookupSealed('default')).toBeUndefined();
  });

  it('refuses a missing ledger with core invalid_wait_options', () => {
    expect(codeOf(() => registerSealedTools({ ...base(), ledger: undefined as never }))).toBe(
      'invalid_wait_options',
    );
    expect(lookupSealed('default')).toBeUndefined();
  });

  it('refuses a second registration under the same name; unregister frees it', () => {
    made = registerSealedTools(base());
    expect(codeOf(() => registerSealedTools(base()))).toBe('invalid_workflow_options');
    made.unregister();
    expect(lookupSealed('default')).toBeUndefined();
    made = registerSealedTools({ ...base(), name: 'other' });
    expect(lookupSealed('other')?.tools.has('refund')).toBe(true);
  });
});

describe('callSealedTool', () => {
  it('refuses an unknown option with core unknown_option before any step runs', async () => {
    made = registerSealedTools(base());
    await expect(
      callSealedTool('refund', refundArgs(1), { toolCalId: 'call_1' } as never),
    ).rejects.toMatchObject({
      code: 'unknown_option',
      where: 'callSealedTool',
      option: 'toolCalId',
      suggestion: 'toolCallId',
    });
    expect(await store.listPending()).toEqual([]);
    expect(executed).toEqual([]);
  });
});

describe('the request step', () => {
  it('fails with not_registered without a registration, and stores nothing', async () => {
    await expect(
      argsealRequestStep('default', 'refund', refundArgs(1), undefined),
    ).rejects.toMatchObject({ code: 'not_registered' });
    expect(await store.listPending()).toEqual([]);
  });

  it('fails with unknown_sealed_tool for a tool not registered, and stores nothing', async () => {
    made = registerSealedTools(base());
    await expect(
      argsealRequestStep('default', 'wire', refundArgs(1), undefined),
    ).rejects.toMatchObject({ code: 'unknown_sealed_tool' });
    expect(await store.listPending()).toEqual([]);
    expect(executed).toEqual([]);
  });
});

describe('wakeHooksOnDecide', () => {
  const resume = vi.fn(async () => undefined);
  it.each([
    ['no store', undefined, { resumeHook: resume, waits: createMemoryWaitIndex() }],
    ['no options', store, undefined],
    ['no resumeHook', store, { waits: createMemoryWaitIndex() }],
    ['no waits', store, { resumeHook: resume }],
  ])('refuses %s with invalid_workflow_options', (_label, s, options) => {
    expect(codeOf(() => wakeHooksOnDecide(s as never, options as never))).toBe(
      'invalid_workflow_options',
    );
    expect(resume).not.toHaveBeenCalled();
  });

  it('refuses an unknown key with core unknown_option', () => {
    expect(
      codeOf(() =>
        wakeHooksOnDecide(store, {
          resumeHook: resume,
          waits: createMemoryWaitIndex(),
          onWakeErorr: () => {},
        } as never),
      ),
    ).toBe('unknown_option');
    expect(resume).not.toHaveBeenCalled();
  });

  it('resumes every waiting hook after the decision is stored; a failed resume is reported, not thrown', async () => {
    const s = createMemoryApprovalStore();
    const auth = createAuthorizer({
      agent: 'a',
      approvals: s,
      audit: createMemoryAuditLog(),
      policy: () => ({ type: 'require_approval', reason: 'r' }),
    });
    const prepared = await auth.prepare(tool, JSON.stringify({ amount: 5 }));
    if (!prepared.ok) throw new Error('prepare failed');
    await prepared.attempt.check();
    const hash = prepared.attempt.proposalHash;
    const waits = createMemoryWaitIndex();
    await waits.addWait(hash, 'tok-1');
    await waits.addWait(hash, 'tok-2');
    const seen: string[] = [];
    const errors: string[] = [];
    const wrapped = wakeHooksOnDecide(s, {
      waits,
      resumeHook: async (token, payload) => {
        // the decision is in the store before any hook is resumed
        expect((await s.listPending()).length).toBe(0);
        seen.push(`${token}:${payload.decision}`);
        if (token === 'tok-1') throw new Error('hook not registered yet');
      },
      onWakeError: (_e, token) => errors.push(token),
    });
    const grant = await wrapped.decide(hash, { decision: 'approve', approver: 'ann' });
    expect(grant.decision).toBe('approve');
    expect(seen).toEqual(['tok-1:approve', 'tok-2:approve']);
    expect(errors).toEqual(['tok-1']);
    // other methods pass through
    expect(await wrapped.listPending()).toEqual([]);
  });
});

describe('openWorkflowWake', () => {
  it('refuses bad options before opening anything or touching the environment', async () => {
    const before = process.env.WORKFLOW_LOCAL_BASE_URL;
    const url = 'postgres://127.0.0.1:1/x';
    await expect(openWorkflowWake(null as never)).rejects.toMatchObject({
      code: 'invalid_workflow_options',
    });
    await expect(
      openWorkflowWake({ url: 'mysql://u:secret@db/x', baseUrl: 'http://127.0.0.1:3000' }),
    ).rejects.toMatchObject({
      code: 'invalid_workflow_options',
      message: expect.not.stringContaining('secret'),
    });
    await expect(openWorkflowWake({ url } as never)).rejects.toMatchObject({
      code: 'invalid_workflow_options',
    });
    await expect(openWorkflowWake({ url, baseUrl: 'file:///etc/passwd' })).rejects.toMatchObject({
      code: 'invalid_workflow_options',
    });
    await expect(
      openWorkflowWake({ url, baseUrl: 'http://127.0.0.1:3000', port: 1 } as never),
    ).rejects.toMatchObject({ code: 'unknown_option', option: 'port' });
    expect(process.env.WORKFLOW_LOCAL_BASE_URL).toBe(before);
  });
});
