import {
  ApprovalError,
  type ApprovalStore,
  ArgsealError,
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
} from '@argseal/core';
import { SqlStoreError } from '@argseal/postgres';
import { describe, expect, it } from 'vitest';
import { AGENT, AGENT_NAME, ALICE, refundTool } from './__fixtures__/console-fixture.js';
import { createConsoleServer } from './create-console-server.js';
import type { ErrorBody } from './http-errors.js';

/** A console whose store's `decide` throws `thrown`; the memory store beneath records nothing. */
async function consoleWhoseDecideThrows(thrown: unknown) {
  const audit = createMemoryAuditLog();
  const memory = createMemoryApprovalStore({ audit });
  const store: ApprovalStore = Object.assign(Object.create(memory) as ApprovalStore, {
    decide: async () => {
      throw thrown;
    },
  });
  const app = createConsoleServer({
    store,
    audit,
    tokens: { alice: ALICE },
    agentTokens: { [AGENT_NAME]: AGENT },
  });
  const executed: unknown[] = [];
  const authorizer = createAuthorizer({
    agent: AGENT_NAME,
    policy: () => ({ type: 'require_approval', reason: 'refunds need a person' }),
    approvals: memory,
    audit,
  });
  const outcome = await authorizer.call(refundTool(executed), '{"orderId":"o-1","amount":5}', {
    toolCallId: 'call-1',
  });
  if (outcome.status !== 'suspended') throw new Error(`expected suspended, got ${outcome.status}`);
  const before = JSON.stringify({
    proposals: await memory.listProposals({ status: 'all' }),
    audit: await audit.records(),
  });
  const res = await app.request(
    `http://127.0.0.1:7407/api/proposals/${outcome.proposal.id}/decision`,
    {
      method: 'POST',
      headers: { Authorization: `Bearer ${ALICE}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ decision: 'approve', proposalHash: outcome.proposal.proposalHash }),
    },
  );
  const after = JSON.stringify({
    proposals: await memory.listProposals({ status: 'all' }),
    audit: await audit.records(),
  });
  expect(after).toBe(before);
  expect(await memory.peek(outcome.proposal.bindingHash)).toEqual({
    live: false,
    reason: 'no_grant',
  });
  expect(executed).toEqual([]);
  return { status: res.status, body: (await res.json()) as ErrorBody };
}

describe('error responses (closed mapping of thrown codes)', () => {
  it('a store refusal keeps its ApprovalErrorCode and status, kind approval', async () => {
    const { status, body } = await consoleWhoseDecideThrows(
      new ApprovalError('duplicate_approval', 'already approved'),
    );
    expect(status).toBe(409);
    expect(body.error).toEqual({
      code: 'duplicate_approval',
      message: 'already approved',
      kind: 'approval',
    });
  });

  it('an argseal invalid_* code the console knows passes with its status', async () => {
    const { status, body } = await consoleWhoseDecideThrows(
      new SqlStoreError('invalid_audit_event', 'append: bad event'),
    );
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_audit_event', kind: 'console' });
  });

  it.each([
    ['an unknown argseal invalid_* code', new ArgsealError('invalid_shape_of_things', 'm')],
    [
      'an invalid_* store code from another version',
      new ApprovalError('invalid_future' as never, 'm'),
    ],
  ])('%s is 400 invalid_request', async (_label, thrown) => {
    const { status, body } = await consoleWhoseDecideThrows(thrown);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_request', kind: 'console' });
  });

  it.each([
    ['a store code this version does not know', new ApprovalError('proposal_melted' as never, 'm')],
    ['a prototype key as a store code', new ApprovalError('constructor' as never, 'm')],
    ['an argseal code that is not a refusal', new ArgsealError('disk_on_fire', 'm')],
    ['a plain error with a console code', Object.assign(new Error('m'), { code: 'pin_not_found' })],
  ])('%s is 500 internal_error with a fixed message', async (_label, thrown) => {
    const { status, body } = await consoleWhoseDecideThrows(thrown);
    expect(status).toBe(500);
    expect(body.error).toEqual({
      code: 'internal_error',
      message: 'the console failed to handle this request',
      kind: 'console',
    });
  });
});
