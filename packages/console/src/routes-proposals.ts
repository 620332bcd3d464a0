import { type ApprovalStore, isHashHex } from '@argseal/core';
import { Hono } from 'hono';
import type { ConsoleEnv } from './auth.js';
import { HttpError, sendError } from './http-errors.js';
import { listFilter, toView } from './proposal-view.js';
import { expectObject, readJsonBody } from './read-json.js';

const DECISION_FIELDS = ['decision', 'proposalHash', 'note', 'expiresAt'] as const;

/** Approver API: list, read and decide proposals. Mounted behind `requireApprover`. */
export function proposalRoutes(store: ApprovalStore): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  app.onError((error, c) => sendError(c, error));

  app.get('/', async (c) => {
    const filter = listFilter(c.req.query('status'), c.req.query('limit'), 'pending');
    const proposals = await store.listProposals(filter);
    return c.json({ status: filter.status, proposals: proposals.map(toView) });
  });

  app.get('/:id', async (c) => {
    const proposal = await store.getProposal(c.req.param('id'));
    if (!proposal) throw new HttpError(404, 'proposal_not_found', 'no proposal with this id');
    return c.json({ proposal: toView(proposal) });
  });

  /**
   * Decides the proposal with this id, bound to the hash the approver saw: the body's
   * `proposalHash` must equal the stored one (409 `hash_mismatch`) and the proposal must
   * still be pending (409 `proposal_not_pending`). The approver is the caller's identity.
   */
  app.post('/:id/decision', async (c) => {
    const body = expectObject(await readJsonBody(c, 16 * 1024), DECISION_FIELDS, 'decision');
    if (!isHashHex(body.proposalHash)) {
      throw new HttpError(
        400,
        'invalid_proposal_hash',
        'proposalHash must be the 64-character hex hash shown',
      );
    }
    const proposal = await store.getProposal(c.req.param('id'));
    if (!proposal) throw new HttpError(404, 'proposal_not_found', 'no proposal with this id');
    if (proposal.proposalHash !== body.proposalHash) {
      throw new HttpError(
        409,
        'hash_mismatch',
        'the proposal hash does not match this proposal; reload it',
      );
    }
    if (proposal.status !== 'pending') {
      throw new HttpError(
        409,
        'proposal_not_pending',
        `the proposal is already ${proposal.status}`,
      );
    }
    const grant = await store.decide(proposal.proposalHash, {
      decision: body.decision as 'approve' | 'reject',
      approver: c.get('identity').name,
      // bound to the proposal shown, not to an identical call suspended since
      proposalId: proposal.id,
      ...(body.note !== undefined ? { note: body.note as string } : {}),
      ...(body.expiresAt !== undefined ? { expiresAt: body.expiresAt as string } : {}),
    });
    const after = await store.getProposal(proposal.id);
    return c.json({ grant, proposal: after ? toView(after) : null });
  });

  return app;
}
