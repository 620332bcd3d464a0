import type { ApprovalStore } from '@argseal/core';
import { isHashHex, type ReasonMessages } from '@argseal/core/data';
import { Hono } from 'hono';
import type { ConsoleEnv } from './auth.js';
import { HttpError, sendError } from './http-errors.js';
import { matches, parseListQuery } from './list-query.js';
import { displayFor, listDisplay, reasonTables } from './proposal-display.js';
import { listFilter, MAX_LIST_LIMIT, toView } from './proposal-view.js';
import { expectObject, readJsonBody } from './read-json.js';

const DECISION_FIELDS = ['decision', 'proposalHash', 'note', 'expiresAt', 'ttlMs'] as const;
/** Longest approval lifetime the page may ask for (`ttlMs`): 24 hours. */
const MAX_DECISION_TTL_MS = 24 * 60 * 60 * 1000;

function parseTtl(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (
    !Number.isSafeInteger(value) ||
    (value as number) < 1000 ||
    (value as number) > MAX_DECISION_TTL_MS
  )
    throw new HttpError(
      'invalid_ttl',
      `ttlMs must be an integer from 1000 to ${MAX_DECISION_TTL_MS}`,
    );
  return value as number;
}

/** Approver API: list, read and decide proposals. Mounted behind `requireApprover`. */
export function proposalRoutes(
  store: ApprovalStore,
  options: {
    reasonMessages?: ReasonMessages | undefined;
    /** The signed-in approver's four-eyes groups (from the console's configuration). */
    groupsOf?: (approver: string) => string[];
  } = {},
): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  const tables = reasonTables(options.reasonMessages);
  app.onError((error, c) => sendError(c, error));

  /**
   * Newest first. Filters (`tool`, `agent`) and search (`q`, in what the page shows) run over
   * the newest 1000 proposals of the status; `limit` and `offset` page the matches.
   */
  app.get('/', async (c) => {
    const filter = listFilter(c.req.query('status'), c.req.query('limit'), 'pending');
    const query = parseListQuery((name) => c.req.query(name));
    const window = await store.listProposals({ status: filter.status, limit: MAX_LIST_LIMIT });
    const rows = window.map((p) => ({ p, display: listDisplay(p, tables) }));
    const found = rows.filter(({ p, display }) =>
      matches(p, query, [display.summary, display.title, ...display.context.map((x) => x.value)]),
    );
    const limit = filter.limit ?? found.length;
    return c.json({
      status: filter.status,
      total: found.length,
      offset: query.offset,
      limit,
      tools: [...new Set(window.map((p) => p.tool))].sort(),
      agents: [...new Set(window.map((p) => p.agent))].sort(),
      proposals: found
        .slice(query.offset, query.offset + limit)
        .map(({ p, display }) => ({ ...toView(p), display })),
    });
  });

  app.get('/:id', async (c) => {
    const proposal = await store.getProposal(c.req.param('id'));
    if (!proposal) throw new HttpError('proposal_not_found', 'no proposal with this id');
    return c.json({
      proposal: toView(proposal),
      display: await displayFor(store, proposal, tables),
    });
  });

  /**
   * Decides the proposal with this id, bound to the hash the approver saw: the body's
   * `proposalHash` must equal the stored one (409 `hash_mismatch`) and the proposal must
   * still be pending (409 `proposal_not_pending`). The approver is the caller's identity.
   * The lifetime is a duration (`ttlMs`) passed to the backing store, which turns it into an
   * expiry on its own clock (the database clock for SQL), never the browser's.
   * Four eyes is enforced by the store: `409 duplicate_approval` (this approver already
   * approved), `403 approver_not_in_group`, `403 requester_cannot_approve`; a vote that does not
   * complete the rule answers `grant.approvals` with `usesLeft` 0 and the proposal still pending.
   */
  app.post('/:id/decision', async (c) => {
    const body = expectObject(await readJsonBody(c, 16 * 1024), DECISION_FIELDS, 'decision');
    if (!isHashHex(body.proposalHash)) {
      throw new HttpError(
        'invalid_proposal_hash',
        'proposalHash must be the 64-character hex hash shown',
      );
    }
    const ttlMs = parseTtl(body.ttlMs);
    if (ttlMs !== undefined && body.expiresAt !== undefined)
      throw new HttpError('invalid_expiry', 'send ttlMs or expiresAt, not both');
    const proposal = await store.getProposal(c.req.param('id'));
    if (!proposal) throw new HttpError('proposal_not_found', 'no proposal with this id');
    if (proposal.proposalHash !== body.proposalHash) {
      throw new HttpError(
        'hash_mismatch',
        'the proposal hash does not match this proposal; reload it',
      );
    }
    if (proposal.status !== 'pending') {
      throw new HttpError('proposal_not_pending', `the proposal is already ${proposal.status}`);
    }
    const approver = c.get('identity').name;
    const grant = await store.decide(proposal.proposalHash, {
      decision: body.decision as 'approve' | 'reject',
      approver,
      // four eyes: the approver's groups come from the console's configuration, never the body
      groups: options.groupsOf?.(approver) ?? [],
      // bound to the proposal shown, not to an identical call suspended since
      proposalId: proposal.id,
      ...(body.note !== undefined ? { note: body.note as string } : {}),
      ...(body.expiresAt !== undefined ? { expiresAt: body.expiresAt as string } : {}),
      // a duration: the backing store adds it to its own clock (the database's for SQL)
      ...(ttlMs !== undefined ? { ttlMs } : {}),
    });
    const after = await store.getProposal(proposal.id);
    return c.json({ grant, proposal: after ? toView(after) : null });
  });

  return app;
}
