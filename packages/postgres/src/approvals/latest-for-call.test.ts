import { afterAll, expect, it } from 'vitest';
import { freshPGliteSchema, sharedPGlite } from '../__fixtures__/databases.js';
import { LATEST_FOR_CALL } from './suspend.js';

const engine = sharedPGlite();
afterAll(() => engine.close());

function nodes(plan: Record<string, unknown>): Record<string, unknown>[] {
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [plan, ...children.flatMap(nodes)];
}

it('latestProposalForCall is an index probe, not a scan, on a store with many calls', async () => {
  const db = await freshPGliteSchema(await engine.get());
  await db.query(`INSERT INTO argseal_proposals (id, proposal_hash, binding_hash, agent, tool,
      tool_call_id, args_canonical_json, reason, created_at, status)
    SELECT 'p' || i, lpad(to_hex(i), 64, '0'), lpad(to_hex(i), 64, '0'), 'agent-' || (i % 7),
      'refund', 'call-' || i, '{}', 'r', '2030-01-01T00:00:00.000Z', 'consumed'
    FROM generate_series(1, 5000) AS i`);
  await db.query(`INSERT INTO argseal_proposal_calls (agent, tool, tool_call_id, proposal_id)
    SELECT agent, tool, tool_call_id, id FROM argseal_proposals`);
  await db.query(`INSERT INTO argseal_grants (proposal_id, proposal_hash, binding_hash, agent,
      decision, approver, expires_at, uses_left)
    SELECT id, proposal_hash, binding_hash, agent, 'approve', 'alice', now(), 0
    FROM argseal_proposals`);
  await db.query('ANALYZE');
  const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: Record<string, unknown> }] }>(
    `EXPLAIN (FORMAT JSON) ${LATEST_FOR_CALL}`,
    ['agent-3', 'refund', 'call-3'],
  );
  const all = nodes(rows[0]!['QUERY PLAN'][0].Plan);
  const scans = all.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']);
  expect(scans).toEqual([]);
  const indexes = all.map((n) => n['Index Name']).filter(Boolean);
  expect(indexes).toEqual(expect.arrayContaining(['argseal_proposal_calls_latest']));
});
