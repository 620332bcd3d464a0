// @argseal/postgres from npm on in-memory PGlite: migrate, pause a call, approve in the SQL
// store, resume and execute exactly once; the SQL audit chain verifies.
import assert from 'node:assert/strict';
import { verifyAuditChain } from '@argseal/core/store';
import {
  createSqlApprovalStore,
  createSqlAuditLog,
  getSchemaVersion,
  openEmbeddedDatabase,
  SCHEMA_VERSION,
} from '@argseal/postgres';
import { refundWorld } from './lib/refund-world.mjs';

const db = await openEmbeddedDatabase();
try {
  assert.equal(await getSchemaVersion(db), SCHEMA_VERSION, 'openEmbeddedDatabase migrates');
  const audit = createSqlAuditLog(db);
  const approvals = createSqlApprovalStore(db, { audit });
  const { executed, refund, authorizer } = refundWorld({ audit, approvals });
  const first = await authorizer.call(refund, '{"orderId":"o-1","amount":12500}', {
    toolCallId: 'c1',
  });
  assert.equal(first.status, 'suspended');
  const [pending] = await approvals.listPending();
  assert.equal(pending.proposalHash, first.proposal.proposalHash);
  await approvals.decide(pending.proposalHash, { decision: 'approve', approver: 'alice' });
  const resumed = await authorizer.call(refund, '{"amount":12500,"orderId":"o-1"}', {
    toolCallId: 'c1',
  });
  assert.equal(resumed.status, 'executed');
  const replay = await authorizer.call(refund, '{"amount":12500,"orderId":"o-1"}', {
    toolCallId: 'c1',
  });
  // a replay of the call that ran is refused and nothing becomes pending again
  assert.equal(replay.status, 'denied');
  assert.equal(replay.reason, 'approval_used_up');
  assert.deepEqual(await approvals.listPending(), []);
  assert.deepEqual(executed, [{ orderId: 'o-1', amount: 12500 }], 'executes exactly once');
  const records = await audit.records();
  assert.equal((await verifyAuditChain(records)).ok, true);
  console.log(
    `postgres: PGlite schema v${SCHEMA_VERSION}, executed once, ${records.length} audit records verified`,
  );
} finally {
  await db.close();
}
