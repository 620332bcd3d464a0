import { makeProposal } from '@argseal/test-kit';
import { MIGRATIONS, MIGRATIONS_TABLE } from '../schema/migrations.js';
import type { SqlQueryable } from '../sql/db.js';

/**
 * Builds what @argseal/postgres 0.1 left behind: schema version 1 only, with a pending
 * proposal, an approved one with a live single-use grant and a rejected one, written with
 * 0.1's own statements. Upgrade tests then run today's `migrate` over it.
 */
export async function seedV01Database(db: SqlQueryable) {
  await db.query(
    `CREATE TABLE ${MIGRATIONS_TABLE} (version integer PRIMARY KEY, name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const v1 = MIGRATIONS[0]!;
  for (const statement of v1.statements) await db.query(statement);
  await db.query(`INSERT INTO ${MIGRATIONS_TABLE} (version, name) VALUES ($1, $2)`, [
    v1.version,
    v1.name,
  ]);
  const pending = await makeProposal();
  const approved = await makeProposal();
  const rejected = await makeProposal();
  for (const p of [pending, approved, rejected]) {
    await db.query(
      `INSERT INTO argseal_proposals (id, proposal_hash, binding_hash, agent, tool, tool_call_id,
        args_canonical_json, original_arguments, reason, created_at, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, $8, $9, 'pending')`,
      [
        p.id,
        p.proposalHash,
        p.bindingHash,
        p.agent,
        p.tool,
        p.toolCallId,
        p.argsCanonicalJson,
        p.reason,
        p.createdAt,
      ],
    );
  }
  for (const [p, decision, uses] of [
    [approved, 'approve', 1],
    [rejected, 'reject', 0],
  ] as const) {
    await db.query(
      `UPDATE argseal_proposals SET status = $2, decided_by = 'alice', decided_at = now()
       WHERE id = $1`,
      [p.id, decision === 'approve' ? 'approved' : 'rejected'],
    );
    await db.query(
      `INSERT INTO argseal_grants (proposal_id, proposal_hash, binding_hash, decision, approver,
        granted_at, expires_at, uses_left)
       VALUES ($1, $2, $3, $4, 'alice', now(), now() + interval '1 hour', $5)`,
      [p.id, p.proposalHash, p.bindingHash, decision, uses],
    );
  }
  return { pending, approved, rejected };
}
