import { ApprovalError, createAuthorizer, defineTool } from '@argseal/core';
import { expectCode, makeProposal } from '@argseal/test-kit';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { expect, it } from 'vitest';
import { describePostgres, freshPostgresSchema } from './__fixtures__/databases.js';
import { createSqlApprovalStore } from './approvals/store.js';
import { createSqlAuditLog } from './audit/log.js';
import { SqlStoreError } from './errors.js';
import { migrate } from './schema/migrate.js';

describePostgres('PostgreSQL connection loss', (url) => {
  it('a connection killed before consume fails with store_unavailable; the grant is then consumed once', async () => {
    const fresh = await freshPostgresSchema(url);
    try {
      const store = createSqlApprovalStore(fresh.pool);
      const proposal = await makeProposal();
      await store.suspend(proposal);
      await store.decide(proposal.proposalHash, { decision: 'approve', approver: 'alice' });

      const worker = new pg.Client(fresh.config);
      worker.on('error', () => undefined); // the terminated connection reports here too
      await worker.connect();
      const pid = (await worker.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      await fresh.pool.query('SELECT pg_terminate_backend($1)', [pid]);

      const lost = createSqlApprovalStore(worker);
      const error = await expectCode(
        () => lost.consume(proposal.bindingHash, { agent: proposal.agent }),
        'store_unavailable',
      );
      expect(ApprovalError.isInstance(error)).toBe(true);
      expect(error.message).not.toContain(proposal.bindingHash);
      await expectCode(
        () => createSqlAuditLog(worker).append({ type: 'executed' }),
        'store_unavailable',
      );

      // Nothing was taken: the grant is still there for exactly one consumer.
      expect(await store.consume(proposal.bindingHash, { agent: proposal.agent })).toMatchObject({
        ok: true,
      });
      expect(await store.consume(proposal.bindingHash, { agent: proposal.agent })).toEqual({
        ok: false,
        reason: 'used_up',
      });
      await worker.end().catch(() => undefined);
    } finally {
      await fresh.close();
    }
  });

  it('an authorizer whose store connection died executes nothing; the approval still works once', async () => {
    const fresh = await freshPostgresSchema(url);
    try {
      let executions = 0;
      const tool = defineTool({
        name: 'refund',
        schema: {
          '~standard': { version: 1, vendor: 'test', validate: (value: unknown) => ({ value }) },
        },
        execute: () => {
          executions += 1;
          return 'refunded';
        },
      });
      const policy = () => ({ type: 'require_approval' as const, reason: 'always' });
      const healthy = createAuthorizer({
        agent: 'a',
        policy,
        approvals: createSqlApprovalStore(fresh.pool),
      });
      const paused = await healthy.call(tool, '{"amount":250}', { toolCallId: 'c1' });
      if (paused.status !== 'suspended')
        throw new Error(`expected suspended, got ${paused.status}`);
      await createSqlApprovalStore(fresh.pool).decide(paused.proposal.proposalHash, {
        decision: 'approve',
        approver: 'alice',
      });

      const worker = new pg.Client(fresh.config);
      worker.on('error', () => undefined);
      await worker.connect();
      const pid = (await worker.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      await fresh.pool.query('SELECT pg_terminate_backend($1)', [pid]);
      const broken = createAuthorizer({
        agent: 'a',
        policy,
        approvals: createSqlApprovalStore(worker),
      });
      const lost = await broken
        .call(tool, '{"amount":250}', { toolCallId: 'c2' })
        .catch((error) => error);
      // The store error reaches the caller; the tool never ran.
      expect(ApprovalError.isInstance(lost)).toBe(true);
      expect(lost.code).toBe('store_unavailable');
      expect(executions).toBe(0);

      expect(await healthy.call(tool, '{"amount":250}', { toolCallId: 'c3' })).toMatchObject({
        status: 'executed',
      });
      expect(executions).toBe(1);
      expect(await healthy.call(tool, '{"amount":250}', { toolCallId: 'c4' })).toMatchObject({
        status: 'suspended',
      });
      expect(executions).toBe(1);
      await worker.end().catch(() => undefined);
    } finally {
      await fresh.close();
    }
  });

  it('an unreachable server fails every operation with store_unavailable', async () => {
    const pool = new pg.Pool({
      connectionString: 'postgres://postgres@127.0.0.1:1/none',
      connectionTimeoutMillis: 2000,
    });
    pool.on('error', () => undefined);
    const store = createSqlApprovalStore(pool);
    const proposal = await makeProposal();
    await expectCode(() => store.suspend(proposal), 'store_unavailable');
    await expectCode(
      () => store.consume(proposal.bindingHash, { agent: proposal.agent }),
      'store_unavailable',
    );
    await expectCode(
      () => store.decide(proposal.proposalHash, { decision: 'approve', approver: 'a' }),
      'store_unavailable',
    );
    await expectCode(() => store.listPending(), 'store_unavailable');
    const auditError = await expectCode(
      () => createSqlAuditLog(pool).append({ type: 'executed' }),
      'store_unavailable',
    );
    expect(SqlStoreError.isInstance(auditError)).toBe(true);
    await expectCode(() => migrate(pool), 'store_unavailable');
    await pool.end();
  });
});

it('a closed PGlite fails with store_unavailable', async () => {
  const db = await PGlite.create();
  await migrate(db);
  const store = createSqlApprovalStore(db);
  const proposal = await makeProposal();
  await store.suspend(proposal);
  await db.close();
  await expectCode(
    () => store.consume(proposal.bindingHash, { agent: proposal.agent }),
    'store_unavailable',
  );
  await expectCode(() => store.getProposal(proposal.id), 'store_unavailable');
  await expectCode(() => createSqlAuditLog(db).records(), 'store_unavailable');
});
