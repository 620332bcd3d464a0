import { computeProposalHash } from '@argseal/core';
import { canonicalize, verifyAuditChain } from '@argseal/core/store';
import { makeProposal, sameCall } from '@argseal/test-kit';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { describePostgres, freshPostgresSchema } from './__fixtures__/databases.js';
import { createSqlApprovalStore } from './approvals/store.js';
import { createSqlAuditLog } from './audit/log.js';
import { migrate } from './schema/migrate.js';
import { SCHEMA_VERSION } from './schema/migrations.js';

const HOSTILE = `x'); DROP TABLE argseal_grants; -- $1 \\ " ; SELECT pg_sleep(5); /*`;

describePostgres('adversarial use of the SQL store on PostgreSQL', (url) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  async function setup(connections: number) {
    const fresh = await freshPostgresSchema(url);
    cleanups.push(fresh.close);
    const clients = await Promise.all(
      Array.from({ length: connections }, async () => {
        const client = new pg.Client(fresh.config);
        await client.connect();
        return client;
      }),
    );
    cleanups.push(async () => {
      await Promise.all(clients.map((c) => c.end()));
    });
    return { ...fresh, clients };
  }

  it('16 approvers and rejecters on separate connections decide one proposal: exactly one wins', async () => {
    const { pool, clients } = await setup(16);
    const audit = createSqlAuditLog(pool);
    const proposal = await makeProposal();
    await createSqlApprovalStore(pool, { audit }).suspend(proposal);
    const results = await Promise.allSettled(
      clients.map((client, i) =>
        createSqlApprovalStore(client, { audit }).decide(proposal.proposalHash, {
          decision: i % 2 ? 'reject' : 'approve',
          approver: `approver-${i}`,
        }),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'proposal_not_pending' });
    const grants = (await pool.query('SELECT decision, approver FROM argseal_grants')).rows;
    expect(grants).toHaveLength(1);
    const grant = (won[0] as PromiseFulfilledResult<{ decision: string; approver: string }>).value;
    expect(grants[0]).toEqual({ decision: grant.decision, approver: grant.approver });
    const [row] = (await pool.query('SELECT status, decided_by FROM argseal_proposals')).rows;
    expect(row).toEqual({
      status: grant.decision === 'approve' ? 'approved' : 'rejected',
      decided_by: grant.approver,
    });
    const records = await audit.records();
    expect(records.filter((r) => /^approval_(granted|rejected)$/.test(r.type))).toHaveLength(1);
    expect(await verifyAuditChain(records)).toMatchObject({ ok: true });
  });

  it('suspends of the same call racing a decide never leave two pending rows or a grant on a pending row', async () => {
    const { pool, clients } = await setup(12);
    const first = await makeProposal();
    const stores = clients.map((client) => createSqlApprovalStore(client));
    await stores[0]!.suspend(first);
    await Promise.allSettled([
      ...stores.slice(1, 11).map((s) => s.suspend(sameCall(first))),
      stores[11]!.decide(first.proposalHash, { decision: 'approve', approver: 'alice' }),
    ]);
    const pending = (await pool.query(`SELECT id FROM argseal_proposals WHERE status = 'pending'`))
      .rows;
    expect(pending.length).toBeLessThanOrEqual(1);
    const orphan = (
      await pool.query(`SELECT g.id FROM argseal_grants g JOIN argseal_proposals p
        ON p.id = g.proposal_id WHERE p.status = 'pending'`)
    ).rows;
    expect(orphan).toEqual([]);
    const result = await stores[1]!.consume(first.bindingHash, { agent: first.agent });
    expect(result.ok).toBe(true);
    expect(await stores[2]!.consume(first.bindingHash, { agent: first.agent })).toMatchObject({
      ok: false,
    });
  });

  it('hostile strings in every field are data: stored and read back exactly, tables intact', async () => {
    const { pool } = await setup(0);
    const audit = createSqlAuditLog(pool);
    const store = createSqlApprovalStore(pool, { audit });
    const agent = HOSTILE;
    const tool = `${HOSTILE}tool`;
    const argsCanonicalJson = canonicalize({ [HOSTILE]: HOSTILE });
    const proposalHash = await computeProposalHash({ agent, tool, argsCanonicalJson });
    const proposal = {
      ...(await makeProposal()),
      id: HOSTILE,
      agent,
      tool,
      toolCallId: HOSTILE,
      argsCanonicalJson,
      proposalHash,
      bindingHash: proposalHash,
      parsedArguments: { [HOSTILE]: HOSTILE },
      reason: HOSTILE,
    };
    await store.suspend(proposal);
    expect(await store.getProposal(HOSTILE)).toMatchObject({ id: HOSTILE, agent, tool });
    const grant = await store.decide(proposalHash, {
      decision: 'approve',
      approver: HOSTILE,
      note: HOSTILE,
    });
    expect(grant).toMatchObject({ approver: HOSTILE, note: HOSTILE });
    expect((await store.consume(proposalHash, { agent })).ok).toBe(true);
    expect(await store.getProposal(HOSTILE)).toMatchObject({ status: 'consumed', note: HOSTILE });
    expect(await migrate(pool)).toEqual({ applied: [], version: SCHEMA_VERSION });
    expect((await pool.query('SELECT count(*)::int AS n FROM argseal_grants')).rows[0].n).toBe(1);
    expect(await verifyAuditChain(await audit.records())).toMatchObject({ ok: true });
  });

  it('store_unavailable names neither the connection string nor the payload', async () => {
    const secret = 's3cr3t-password-xyz';
    const pool = new pg.Pool({
      connectionString: `postgres://postgres:${secret}@127.0.0.1:1/none`,
      connectionTimeoutMillis: 2000,
    });
    pool.on('error', () => undefined);
    cleanups.push(() => pool.end());
    const proposal = await makeProposal({ args: { card: '4111-1111-1111-1111' } });
    const failures = await Promise.allSettled([
      createSqlApprovalStore(pool).suspend(proposal),
      createSqlApprovalStore(pool).decide(proposal.proposalHash, {
        decision: 'approve',
        approver: 'alice',
        note: '4111-1111-1111-1111',
      }),
      createSqlAuditLog(pool).append({
        type: 'executed',
        argsCanonicalJson: proposal.argsCanonicalJson,
      }),
    ]);
    for (const f of failures) {
      expect(f.status).toBe('rejected');
      const error = (f as PromiseRejectedResult).reason as Error & { code: string };
      expect(error.code).toBe('store_unavailable');
      for (const leak of [secret, '4111', proposal.proposalHash, '127.0.0.1'])
        expect(`${error.message} ${String(error)}`).not.toContain(leak);
    }
  });
});
