import { verifyAuditChain } from '@argseal/core/store';
import { makeProposal } from '@argseal/test-kit';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { describePostgres, freshPostgresSchema } from './__fixtures__/databases.js';
import { runWorker, startWorker } from './__fixtures__/processes.js';
import { createSqlApprovalStore } from './approvals/store.js';
import { createSqlAuditLog } from './audit/log.js';

describePostgres('PostgreSQL with many workers', (url) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });

  async function setup() {
    const fresh = await freshPostgresSchema(url);
    cleanups.push(fresh.close);
    return fresh;
  }

  async function clients(config: pg.ClientConfig, n: number): Promise<pg.Client[]> {
    const list = await Promise.all(
      Array.from({ length: n }, async () => {
        const client = new pg.Client(config);
        await client.connect();
        return client;
      }),
    );
    cleanups.push(async () => {
      await Promise.all(list.map((c) => c.end()));
    });
    return list;
  }

  async function approvedGrant(pool: pg.Pool) {
    const store = createSqlApprovalStore(pool);
    const proposal = await makeProposal();
    await store.suspend(proposal);
    await store.decide(proposal.proposalHash, { decision: 'approve', approver: 'alice' });
    return proposal;
  }

  it('32 consumers on separate connections race for one single-use grant: exactly one wins', async () => {
    const { pool, config } = await setup();
    const proposal = await approvedGrant(pool);
    const stores = (await clients(config, 32)).map((client) => createSqlApprovalStore(client));
    const results = await Promise.all(
      stores.map((store) => store.consume(proposal.bindingHash, { agent: proposal.agent })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === 'used_up')).toHaveLength(31);
    const [row] = (await pool.query('SELECT uses_left FROM argseal_grants')).rows;
    expect(row.uses_left).toBe(0);
  });

  it('4 OS processes x 8 connections race for one single-use grant: exactly one wins', async () => {
    const { pool, schema } = await setup();
    const proposal = await approvedGrant(pool);
    const startAt = Date.now() + 1500;
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () =>
        runWorker('race', {
          url,
          schema,
          bindingHash: proposal.bindingHash,
          agent: proposal.agent,
          consumers: 8,
          startAt,
        }),
      ),
    );
    const results = outputs.map(
      (o) => JSON.parse(o) as { wins: number; reasons: Record<string, number> },
    );
    expect(results.reduce((n, r) => n + r.wins, 0)).toBe(1);
    expect(results.reduce((n, r) => n + (r.reasons.used_up ?? 0), 0)).toBe(31);
  });

  it('8 appenders on separate connections keep one valid chain and lose nothing', async () => {
    const { pool, config } = await setup();
    const sinks = (await clients(config, 8)).map((client) => createSqlAuditLog(client));
    await Promise.all(
      sinks.map(async (sink, w) => {
        for (let i = 0; i < 25; i++)
          await sink.append({ type: 'executed', tool: 'refund', data: { w, i } });
      }),
    );
    const records = await createSqlAuditLog(pool).records();
    expect(records).toHaveLength(200);
    expect(await verifyAuditChain(records)).toMatchObject({ ok: true, length: 200 });
    const seen = new Set(records.map((r) => `${r.data?.w}:${r.data?.i}`));
    expect(seen.size).toBe(200);
    expect(records.map((r) => r.seq)).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it('a worker killed with SIGKILL mid-run loses no pending proposal, chain link or consumption', async () => {
    const { pool, schema } = await setup();
    const store = createSqlApprovalStore(pool);
    const grant = await approvedGrant(pool);
    const proposals = [await makeProposal(), await makeProposal(), await makeProposal()];
    const worker = await startWorker(
      'crash',
      { url, schema, proposals, grantHash: grant.bindingHash, grantAgent: grant.agent },
      'ready',
    );
    expect(worker.line).toBe('ready true');
    // Let it append for a while, then kill it in the middle of its appends.
    const audit = createSqlAuditLog(pool);
    while ((await audit.records()).length < 30) await new Promise((r) => setTimeout(r, 20));
    worker.child.kill('SIGKILL');
    expect(await worker.exited).toBe('SIGKILL');

    const pending = await store.listPending();
    expect(pending.map((p) => p.id).sort()).toEqual(proposals.map((p) => p.id).sort());
    const records = await audit.records();
    expect(records.length).toBeGreaterThanOrEqual(30);
    expect(await verifyAuditChain(records)).toMatchObject({ ok: true });
    expect(await store.consume(grant.bindingHash, { agent: grant.agent })).toEqual({
      ok: false,
      reason: 'used_up',
    });
    // The chain continues after the crash.
    await audit.append({ type: 'executed', tool: 'after-restart' });
    expect(await verifyAuditChain(await audit.records())).toMatchObject({ ok: true });
  });

  it('a single shared pg Client serializes operations and stays correct', async () => {
    const { pool, config } = await setup();
    const proposal = await approvedGrant(pool);
    const [client] = await clients(config, 1);
    const store = createSqlApprovalStore(client!);
    const audit = createSqlAuditLog(client!);
    const [results] = await Promise.all([
      Promise.all(
        Array.from({ length: 20 }, () =>
          store.consume(proposal.bindingHash, { agent: proposal.agent }),
        ),
      ),
      Promise.all(
        Array.from({ length: 20 }, (_, i) => audit.append({ type: 'executed', data: { i } })),
      ),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await verifyAuditChain(await audit.records())).toMatchObject({ ok: true, length: 20 });
  });
});
