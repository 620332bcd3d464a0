import { verifyAuditChain } from '@argseal/core/store';
import { makeProposal } from '@argseal/test-kit';
import { afterEach, expect, it } from 'vitest';
import { tempDir } from '../__fixtures__/databases.js';
import { startWorker } from '../__fixtures__/processes.js';
import { createSqlApprovalStore } from '../approvals/store.js';
import { createSqlAuditLog } from '../audit/log.js';
import { getSchemaVersion } from '../schema/migrate.js';
import { SCHEMA_VERSION } from '../schema/migrations.js';
import { openEmbeddedDatabase } from './database.js';

const dirs: { remove: () => void }[] = [];
afterEach(() => {
  while (dirs.length) dirs.pop()!.remove();
});

it('openEmbeddedDatabase() without a directory is a migrated in-memory database', async () => {
  const db = await openEmbeddedDatabase();
  expect(await getSchemaVersion(db)).toBe(SCHEMA_VERSION);
  await db.close();
});

it('a pause survives a restart of the embedded database', async () => {
  const tmp = tempDir('argseal-embedded-');
  dirs.push(tmp);
  const proposal = await makeProposal();
  const approvedOne = await makeProposal();
  {
    const db = await openEmbeddedDatabase(tmp.dir);
    const audit = createSqlAuditLog(db);
    const store = createSqlApprovalStore(db, { audit });
    await store.suspend(proposal);
    await store.suspend(approvedOne);
    await store.decide(approvedOne.proposalHash, {
      decision: 'approve',
      approver: 'alice',
      uses: 2,
    });
    expect((await store.consume(approvedOne.bindingHash, { agent: approvedOne.agent })).ok).toBe(
      true,
    );
    await db.close();
  }
  const db = await openEmbeddedDatabase(tmp.dir);
  const audit = createSqlAuditLog(db);
  const store = createSqlApprovalStore(db, { audit });
  expect((await store.findPending(proposal.proposalHash))?.id).toBe(proposal.id);
  expect(await store.consume(approvedOne.bindingHash, { agent: approvedOne.agent })).toMatchObject({
    ok: true,
    grant: { usesLeft: 0 },
  });
  expect(await store.consume(approvedOne.bindingHash, { agent: approvedOne.agent })).toEqual({
    ok: false,
    reason: 'used_up',
  });
  const records = await audit.records();
  expect(records.map((r) => r.type)).toEqual(['approval_granted']);
  expect(await verifyAuditChain(records)).toMatchObject({ ok: true });
  await db.close();
});

it('an embedded worker killed with SIGKILL mid-run keeps its pending proposals, chain and consumption', async () => {
  const tmp = tempDir('argseal-embedded-crash-');
  dirs.push(tmp);
  const grant = await makeProposal();
  {
    const db = await openEmbeddedDatabase(tmp.dir);
    const store = createSqlApprovalStore(db);
    await store.suspend(grant);
    await store.decide(grant.proposalHash, { decision: 'approve', approver: 'alice' });
    await db.close();
  }
  const proposals = [await makeProposal(), await makeProposal()];
  const worker = await startWorker(
    'crash',
    { dir: tmp.dir, proposals, grantHash: grant.bindingHash, grantAgent: grant.agent },
    'ready',
  );
  expect(worker.line).toBe('ready true');
  await new Promise((resolve) => setTimeout(resolve, 500));
  worker.child.kill('SIGKILL');
  expect(await worker.exited).toBe('SIGKILL');

  const db = await openEmbeddedDatabase(tmp.dir);
  const store = createSqlApprovalStore(db);
  const audit = createSqlAuditLog(db);
  expect((await store.listPending()).map((p) => p.id).sort()).toEqual(
    proposals.map((p) => p.id).sort(),
  );
  expect(await store.consume(grant.bindingHash, { agent: grant.agent })).toEqual({
    ok: false,
    reason: 'used_up',
  });
  const records = await audit.records();
  expect(records.length).toBeGreaterThanOrEqual(1);
  expect(records[0]?.type).toBe('approval_consumed');
  expect(await verifyAuditChain(records)).toMatchObject({ ok: true });
  await db.close();
});
