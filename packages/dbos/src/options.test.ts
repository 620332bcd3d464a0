import {
  createAuthorizer,
  createMemoryApprovalStore,
  defineTool,
  UnknownOptionError,
} from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DbosApprovalError } from './errors.js';
import { openDbosWake } from './open-wake.js';
import { createDbosApprovals } from './sealed-workflow.js';
import { createDbosLedger } from './sql-ledger.js';
import { wakeWorkflowsOnDecide } from './wake.js';

const failingDb = {
  query: async () => {
    throw new Error('connection refused');
  },
};

function setup() {
  const approvals = createMemoryApprovalStore();
  const executed: unknown[] = [];
  const tool = defineTool({
    name: 'refund',
    description: 'Refund',
    schema: z.object({ amount: z.number().int() }),
    execute: (input) => {
      executed.push(input);
      return input;
    },
  });
  const authorizer = createAuthorizer({
    agent: 'bot',
    approvals,
    policy: () => ({ type: 'require_approval', reason: 'always' }),
  });
  const ledger = createDbosLedger({ db: failingDb });
  return { approvals, tool, authorizer, ledger, executed };
}

describe('@argseal/dbos setup and bad input', () => {
  it('refuses missing options with invalid_dbos_options, unknown ones with core unknown_option', () => {
    const { authorizer, ledger } = setup();
    const code = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        if (error instanceof UnknownOptionError) return `${error.code}:${error.suggestion}`;
        expect(DbosApprovalError.isInstance(error)).toBe(true);
        return (error as DbosApprovalError).code;
      }
      return 'no error';
    };
    expect(code(() => createDbosApprovals({ authorizer, ledger, ledgr: ledger } as never))).toBe(
      'unknown_option:ledger',
    );
    expect(code(() => createDbosApprovals({ authorizer } as never))).toBe('invalid_dbos_options');
    expect(code(() => createDbosApprovals(null as never))).toBe('invalid_dbos_options');
    expect(code(() => createDbosLedger({ db: failingDb, pool: 1 } as never))).toBe(
      'unknown_option:undefined',
    );
    expect(code(() => createDbosLedger({} as never))).toBe('invalid_dbos_options');
    const store = createMemoryApprovalStore();
    expect(code(() => wakeWorkflowsOnDecide(store, { ledger } as never))).toBe(
      'invalid_dbos_options',
    );
    expect(
      code(() =>
        wakeWorkflowsOnDecide(store, {
          ledger,
          messenger: { send: async () => {} },
          retries: 1,
        } as never),
      ),
    ).toBe('unknown_option:undefined');
  });

  it('callTool outside a workflow is not_in_workflow and records nothing', async () => {
    const { authorizer, ledger, tool, approvals, executed } = setup();
    const sealed = createDbosApprovals({ authorizer, ledger });
    await expect(sealed.callTool(tool, '{"amount":5}')).rejects.toMatchObject({
      code: 'not_in_workflow',
    });
    await expect(
      sealed.callTool(tool, '{"amount":5}', { toolCalId: 'c' } as never),
    ).rejects.toMatchObject({
      code: 'unknown_option',
      option: 'toolCalId',
      suggestion: 'toolCallId',
    });
    expect(executed).toEqual([]);
    expect(await approvals.listPending()).toEqual([]);
  });

  it('a failing ledger database is ledger_unavailable, without the statement parameters', async () => {
    const { ledger } = setup();
    const error = await ledger.start('wf:1', 'a'.repeat(64)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ledger_unavailable' });
    expect(String((error as Error).message)).not.toContain('aaaa');
  });

  it('the wake wrapper records the decision even when the workflow cannot be woken', async () => {
    const { authorizer, tool } = setup();
    const store = authorizer.approvals!;
    const prepared = await authorizer.prepare(tool, '{"amount":5}');
    if (!prepared.ok) throw new Error('prepare failed');
    const check = await prepared.attempt.check();
    if (check.type !== 'suspended') throw new Error('expected suspension');
    const woken: unknown[] = [];
    const ledger = {
      ...createDbosLedger({ db: failingDb }),
      waitsFor: async () => ['wf-1'],
    };
    const wrapped = wakeWorkflowsOnDecide(store, {
      ledger,
      messenger: {
        send: async () => {
          throw new Error('dbos down');
        },
      },
      onWakeError: (error, workflowId) => woken.push([String(error), workflowId]),
    });
    const grant = await wrapped.decide(check.proposal.proposalHash, {
      decision: 'approve',
      approver: 'ann',
    });
    expect(grant.decision).toBe('approve');
    expect(woken).toEqual([['Error: dbos down', 'wf-1']]);
    expect((await store.getProposal(check.proposal.id))?.status).toBe('approved');
    // every other method is the store's own
    expect(await wrapped.listPending()).toEqual([]);
  });

  it('openDbosWake refuses bad options before opening anything', async () => {
    await expect(openDbosWake(null as never)).rejects.toMatchObject({
      code: 'invalid_dbos_options',
    });
    await expect(openDbosWake({ url: 'mysql://u:secret@db/x' })).rejects.toMatchObject({
      code: 'invalid_dbos_options',
      message: expect.not.stringContaining('secret'),
    });
    await expect(openDbosWake({} as never)).rejects.toMatchObject({
      code: 'invalid_dbos_options',
    });
    await expect(
      openDbosWake({ url: 'postgres://127.0.0.1:1/x', systemDatabaseUrl: 'x' } as never),
    ).rejects.toMatchObject({ code: 'unknown_option', option: 'systemDatabaseUrl' });
  });
});
