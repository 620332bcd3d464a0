import { describe, expect, it } from 'vitest';
import { AGENT, ALICE, errorCode, makeConsole } from './__fixtures__/console-fixture.js';

const future = () => new Date(Date.now() + 30 * 60_000).toISOString();

describe('GET /api/proposals', () => {
  it('lists pending proposals newest first with canonical arguments and no parsed copy', async () => {
    const cx = makeConsole();
    const a = await cx.pending({ orderId: 'o-1', amount: 120 });
    await new Promise((r) => setTimeout(r, 5));
    const b = await cx.pending({ orderId: 'o-2', amount: 300 });
    const res = await cx.request('GET', '/api/proposals', { token: ALICE });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; proposals: Record<string, unknown>[] };
    expect(body.status).toBe('pending');
    expect(body.proposals.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(body.proposals[0]).toMatchObject({
      agent: 'support-bot',
      tool: 'refund',
      argsCanonicalJson: '{"amount":300,"orderId":"o-2"}',
      proposalHash: b.proposalHash,
      status: 'pending',
    });
    expect('parsedArguments' in body.proposals[0]!).toBe(false);
  });

  it('filters by status and refuses unknown statuses and bad limits', async () => {
    const cx = makeConsole();
    const a = await cx.pending({ orderId: 'o-1', amount: 1 });
    await cx.pending({ orderId: 'o-2', amount: 2 });
    await cx.store.decide(a.proposalHash, { decision: 'reject', approver: 'alice' });
    const list = async (q: string) => cx.request('GET', `/api/proposals${q}`, { token: ALICE });
    const ids = async (q: string) =>
      ((await (await list(q)).json()) as { proposals: { id: string }[] }).proposals.length;
    expect(await ids('?status=rejected')).toBe(1);
    expect(await ids('?status=approved')).toBe(0);
    expect(await ids('?status=all')).toBe(2);
    expect(await ids('?status=all&limit=1')).toBe(1);
    for (const [q, code] of [
      ['?status=bogus', 'invalid_status'],
      ['?status=', 'invalid_status'],
      ['?limit=0', 'invalid_limit'],
      ['?limit=1001', 'invalid_limit'],
      ['?limit=-1', 'invalid_limit'],
      ['?limit=2.5', 'invalid_limit'],
    ] as const) {
      const res = await list(q);
      expect(res.status, q).toBe(400);
      expect(await errorCode(res)).toBe(code);
    }
  });

  it('needs an approver: 401 without or with an unknown token, 403 for an agent token', async () => {
    const cx = makeConsole();
    await cx.pending();
    const none = await cx.request('GET', '/api/proposals');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toContain('Bearer');
    expect(await errorCode(none)).toBe('unauthenticated');
    const wrong = await cx.request('GET', '/api/proposals', { token: 'not-a-known-token-at-all' });
    expect(wrong.status).toBe(401);
    expect(await errorCode(wrong)).toBe('invalid_token');
    const malformed = await cx.request('GET', '/api/proposals', {
      headers: { Authorization: 'Basic abc' },
    });
    expect(malformed.status).toBe(401);
    expect(await errorCode(malformed)).toBe('invalid_authorization');
    const agent = await cx.request('GET', '/api/proposals', { token: AGENT });
    expect(agent.status).toBe(403);
    expect(await errorCode(agent)).toBe('forbidden_role');
    const audit = await cx.request('GET', '/api/audit', { token: AGENT });
    expect(audit.status).toBe(403);
  });
});

describe('GET /api/proposals/:id', () => {
  it('returns one proposal, and 404 for an unknown id', async () => {
    const cx = makeConsole();
    const p = await cx.pending();
    const res = await cx.request('GET', `/api/proposals/${p.id}`, { token: ALICE });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { proposal: { id: string } }).proposal.id).toBe(p.id);
    const missing = await cx.request('GET', '/api/proposals/no-such-id', { token: ALICE });
    expect(missing.status).toBe(404);
    expect(await errorCode(missing)).toBe('proposal_not_found');
    expect((await cx.request('GET', `/api/proposals/${p.id}`)).status).toBe(401);
  });
});

describe('POST /api/proposals/:id/decision', () => {
  it('approves with the shown hash; the approver is the token identity; the call then runs', async () => {
    const cx = makeConsole();
    const p = await cx.pending({ orderId: 'o-9', amount: 50 });
    const expiresAt = future();
    const res = await cx.request('POST', `/api/proposals/${p.id}/decision`, {
      token: ALICE,
      body: { decision: 'approve', proposalHash: p.proposalHash, note: 'ok by phone', expiresAt },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      grant: Record<string, unknown>;
      proposal: Record<string, unknown>;
    };
    expect(body.grant).toMatchObject({
      decision: 'approve',
      approver: 'alice',
      note: 'ok by phone',
      expiresAt,
      usesLeft: 1,
    });
    expect(body.proposal).toMatchObject({
      status: 'approved',
      decidedBy: 'alice',
      note: 'ok by phone',
    });
    const outcome = await cx.authorizer.call(cx.tool, '{"orderId":"o-9","amount":50}', {
      toolCallId: 'again',
    });
    expect(outcome.status).toBe('executed');
    expect(cx.executed).toEqual([{ orderId: 'o-9', amount: 50 }]);
    const audit = (await (await cx.request('GET', '/api/audit', { token: ALICE })).json()) as {
      verification: { ok: boolean };
      total: number;
      records: { type: string; approver?: string }[];
    };
    expect(audit.verification.ok).toBe(true);
    expect(audit.records[0]?.type).toBe('executed');
    expect(audit.records.find((r) => r.type === 'approval_granted')?.approver).toBe('alice');
  });

  it('rejects: the call is then denied', async () => {
    const cx = makeConsole();
    const p = await cx.pending({ orderId: 'o-8', amount: 80 });
    const res = await cx.request('POST', `/api/proposals/${p.id}/decision`, {
      token: ALICE,
      body: { decision: 'reject', proposalHash: p.proposalHash },
    });
    expect(res.status).toBe(200);
    const outcome = await cx.authorizer.call(cx.tool, '{"orderId":"o-8","amount":80}');
    expect(outcome).toMatchObject({ status: 'denied', reason: 'approval_rejected' });
    expect(cx.executed).toEqual([]);
  });

  const refusals: [
    string,
    (
      hash: string,
      other: string,
    ) => {
      path?: string;
      body?: unknown;
      rawBody?: string;
      headers?: Record<string, string>;
      token?: string;
    },
    number,
    string,
  ][] = [
    [
      'unknown id',
      (h) => ({
        path: '/api/proposals/nope/decision',
        body: { decision: 'approve', proposalHash: h },
      }),
      404,
      'proposal_not_found',
    ],
    [
      'another proposal hash',
      (_h, other) => ({ body: { decision: 'approve', proposalHash: other } }),
      409,
      'hash_mismatch',
    ],
    [
      'a malformed hash',
      () => ({ body: { decision: 'approve', proposalHash: 'ABC' } }),
      400,
      'invalid_proposal_hash',
    ],
    ['a missing hash', () => ({ body: { decision: 'approve' } }), 400, 'invalid_proposal_hash'],
    [
      'an unknown decision',
      (h) => ({ body: { decision: 'maybe', proposalHash: h } }),
      400,
      'invalid_decision',
    ],
    [
      'a past expiry',
      (h) => ({
        body: { decision: 'approve', proposalHash: h, expiresAt: '2001-01-01T00:00:00Z' },
      }),
      400,
      'expiry_in_past',
    ],
    [
      'a bad expiry',
      (h) => ({ body: { decision: 'approve', proposalHash: h, expiresAt: 'soon' } }),
      400,
      'invalid_expiry',
    ],
    [
      'a non-string note',
      (h) => ({ body: { decision: 'approve', proposalHash: h, note: 5 } }),
      400,
      'invalid_note',
    ],
    [
      'a self-declared approver',
      (h) => ({ body: { decision: 'approve', proposalHash: h, approver: 'mallory' } }),
      400,
      'unknown_field',
    ],
    ['an array body', () => ({ body: [] }), 400, 'invalid_body'],
    ['malformed JSON', () => ({ rawBody: '{"decision":"approve",' }), 400, 'invalid_json'],
    [
      'duplicate keys',
      (h) => ({ rawBody: `{"decision":"reject","decision":"approve","proposalHash":"${h}"}` }),
      400,
      'invalid_json',
    ],
    [
      'a form body',
      (h) => ({
        rawBody: `decision=approve&proposalHash=${h}`,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
      415,
      'unsupported_media_type',
    ],
    [
      'no token',
      (h) => ({ token: '', body: { decision: 'approve', proposalHash: h } }),
      401,
      'unauthenticated',
    ],
    [
      'a wrong token',
      (h) => ({
        token: 'wrong-token-0123456789abcdef',
        body: { decision: 'approve', proposalHash: h },
      }),
      401,
      'invalid_token',
    ],
    [
      'an agent token',
      (h) => ({ token: AGENT, body: { decision: 'approve', proposalHash: h } }),
      403,
      'forbidden_role',
    ],
    [
      'a lifetime over 24 hours',
      (h) => ({ body: { decision: 'approve', proposalHash: h, ttlMs: 24 * 3600_000 + 1 } }),
      400,
      'invalid_ttl',
    ],
    [
      'a lifetime that is not an integer',
      (h) => ({ body: { decision: 'approve', proposalHash: h, ttlMs: '900000' } }),
      400,
      'invalid_ttl',
    ],
    [
      'both a lifetime and an expiry',
      (h) => ({
        body: { decision: 'approve', proposalHash: h, ttlMs: 60_000, expiresAt: future() },
      }),
      400,
      'invalid_expiry',
    ],
  ];

  for (const [name, make, status, code] of refusals) {
    it(`refuses ${name} with ${status} ${code} and changes nothing`, async () => {
      const cx = makeConsole();
      const p = await cx.pending({ orderId: 'o-1', amount: 120 });
      const other = await cx.pending({ orderId: 'o-2', amount: 130 });
      const before = await cx.snapshot();
      const r = make(p.proposalHash, other.proposalHash);
      const res = await cx.request('POST', r.path ?? `/api/proposals/${p.id}/decision`, {
        token: r.token ?? ALICE,
        ...(r.body !== undefined ? { body: r.body } : {}),
        ...(r.rawBody !== undefined ? { rawBody: r.rawBody } : {}),
        ...(r.headers ? { headers: r.headers } : {}),
      });
      expect(res.status).toBe(status);
      expect(await errorCode(res)).toBe(code);
      expect(await cx.snapshot()).toBe(before);
      expect((await cx.store.getProposal(p.id))?.status).toBe('pending');
      expect(cx.executed).toEqual([]);
    });
  }

  it('refuses a proposal that is no longer pending with 409 and keeps the first decision', async () => {
    const cx = makeConsole();
    const p = await cx.pending();
    const first = await cx.request('POST', `/api/proposals/${p.id}/decision`, {
      token: ALICE,
      body: { decision: 'reject', proposalHash: p.proposalHash },
    });
    expect(first.status).toBe(200);
    const before = await cx.snapshot();
    const again = await cx.request('POST', `/api/proposals/${p.id}/decision`, {
      token: ALICE,
      body: { decision: 'approve', proposalHash: p.proposalHash },
    });
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('proposal_not_pending');
    expect(await cx.snapshot()).toBe(before);
    expect(await cx.store.getProposal(p.id)).toMatchObject({
      status: 'rejected',
      decidedBy: 'alice',
    });
  });

  it('refuses an oversized body with 413', async () => {
    const cx = makeConsole();
    const p = await cx.pending();
    const before = await cx.snapshot();
    const res = await cx.request('POST', `/api/proposals/${p.id}/decision`, {
      token: ALICE,
      body: { decision: 'approve', proposalHash: p.proposalHash, note: 'x'.repeat(20_000) },
    });
    expect(res.status).toBe(413);
    expect(await cx.snapshot()).toBe(before);
  });
});
