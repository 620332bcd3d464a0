import type { ApprovalStore, AuditSink, StoredProposal } from '@argseal/core';
import {
  assertCallRef,
  assertConsumeOptions,
  assertHash,
  type PeekResult,
} from '@argseal/core/store';
import { Hono } from 'hono';
import type { ConsoleEnv } from './auth.js';
import type { BindingCheck } from './binding-rules.js';
import { HttpError, sendError } from './http-errors.js';
import { listFilter, toView } from './proposal-view.js';
import { expectObject, readJsonBody } from './read-json.js';
import { checkAgentAuditEvent } from './validate-audit-event.js';
import { checkSubmittedProposal } from './validate-proposal.js';

/**
 * Agent API (bearer agent tokens only): suspend, read, find pending, latest proposal of a call,
 * peek, consume, append audit.
 * Nothing here decides. With `anyAgent` false an agent sees only its own proposals.
 */
export function agentRoutes(
  store: ApprovalStore,
  audit: AuditSink,
  anyAgent: boolean,
  checkBinding: BindingCheck,
): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  app.onError((error, c) => sendError(c, error));
  const mine = (c: { get(k: 'identity'): { name: string } }, p: StoredProposal | undefined) =>
    p && (anyAgent || p.agent === c.get('identity').name) ? p : undefined;

  app.post('/proposals', async (c) => {
    const proposal = await checkSubmittedProposal(
      await readJsonBody(c),
      c.get('identity').name,
      anyAgent,
      checkBinding,
    );
    return c.json({ proposal: toView(await store.suspend(proposal)) });
  });

  app.get('/proposals', async (c) => {
    const filter = listFilter(c.req.query('status'), c.req.query('limit'), 'all');
    const proposalHash = c.req.query('proposalHash');
    if (proposalHash !== undefined) assertHash(proposalHash);
    const byHash = proposalHash === undefined ? {} : { proposalHash };
    const name = c.get('identity').name;
    const list = await store.listProposals(
      anyAgent ? { ...filter, ...byHash } : { status: filter.status ?? 'all', ...byHash },
    );
    const own = anyAgent ? list : list.filter((p) => p.agent === name).slice(0, filter.limit);
    return c.json({ proposals: own.map(toView) });
  });

  app.get('/proposals/:id', async (c) => {
    const proposal = mine(c, await store.getProposal(c.req.param('id')));
    if (!proposal) throw new HttpError('proposal_not_found', 'no proposal with this id');
    return c.json({ proposal: toView(proposal) });
  });

  /** The newest proposal a call was suspended as (`?agent=&tool=&toolCallId=`), or null. */
  app.get('/calls/latest', async (c) => {
    const call = {
      agent: c.req.query('agent'),
      tool: c.req.query('tool'),
      toolCallId: c.req.query('toolCallId'),
    };
    assertCallRef(call);
    if (!anyAgent && call.agent !== c.get('identity').name) {
      throw new HttpError('agent_mismatch', 'this agent token may only read its own calls');
    }
    const proposal = await store.latestProposalForCall(call);
    return c.json({ proposal: proposal ? toView(proposal) : null });
  });

  app.get('/pending/:hash', async (c) => {
    const hash = c.req.param('hash');
    assertHash(hash);
    const proposal = mine(c, await store.findPending(hash));
    return c.json({ proposal: proposal ? toView(proposal) : null });
  });

  /**
   * With `anyAgent` false, a grant is only peeked at or consumed by the agent its proposal
   * belongs to (403 `agent_mismatch`); nothing is used up by a refused call.
   */
  async function assertOwnGrant(c: Parameters<typeof mine>[0], peeked: PeekResult) {
    if (anyAgent || !peeked.live) return;
    const proposal = await store.getProposal(peeked.grant.proposalId);
    if (!mine(c, proposal)) {
      throw new HttpError('agent_mismatch', 'this grant belongs to another agent');
    }
  }

  /**
   * Consumes for `agent` (default: the token's agent name; another name is 403
   * `agent_mismatch` unless `anyAgent`). The agent is bound inside the store's atomic consume,
   * so a grant approved between a peek and this consume can never be spent by another agent.
   */
  app.post('/consume', async (c) => {
    const body = expectObject(await readJsonBody(c, 4096), ['bindingHash', 'agent'], 'consume');
    assertHash(body.bindingHash, 'invalid_binding_hash');
    const me = c.get('identity').name;
    const consumer = { agent: body.agent === undefined ? me : body.agent };
    assertConsumeOptions(consumer);
    if (!anyAgent && consumer.agent !== me) {
      throw new HttpError('agent_mismatch', 'this agent token may only consume for itself');
    }
    if (!anyAgent) await assertOwnGrant(c, await store.peek(body.bindingHash));
    return c.json(await store.consume(body.bindingHash, consumer));
  });

  app.post('/peek', async (c) => {
    const body = expectObject(await readJsonBody(c, 4096), ['bindingHash'], 'peek');
    assertHash(body.bindingHash, 'invalid_binding_hash');
    const peeked = await store.peek(body.bindingHash);
    await assertOwnGrant(c, peeked);
    return c.json(peeked);
  });

  app.post('/audit', async (c) => {
    const event = checkAgentAuditEvent(await readJsonBody(c), c.get('identity').name, anyAgent);
    return c.json({ record: await audit.append(event) });
  });

  app.get('/audit', async (c) => {
    if (!anyAgent)
      throw new HttpError(
        'forbidden_role',
        'agents read the audit trail only when the console allows any agent',
      );
    return c.json({ records: await audit.records() });
  });

  return app;
}
