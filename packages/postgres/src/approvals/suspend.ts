import {
  ApprovalError,
  assertSupersedes,
  checkFourEyes,
  checkPresentation,
  type StoredProposal,
  type SuspendedToolProposal,
} from '@argseal/core/store';
import { isUniqueViolation } from '../errors.js';
import type { Runner } from '../sql/db.js';
import { PROPOSALS, proposalColumns, READ_PROPOSAL_COLUMNS } from '../sql/text.js';
import { toProposal } from './rows.js';

/** Records (or refreshes) that this call was suspended as the proposal in `suspended`. */
const recordCall = (agent: string, tool: string, toolCallId: string) =>
  `INSERT INTO argseal_proposal_calls (agent, tool, tool_call_id, proposal_id)
    SELECT ${agent}, ${tool}, ${toolCallId}, id FROM suspended
    ON CONFLICT (agent, tool, tool_call_id, proposal_id)
    DO UPDATE SET seq = nextval('argseal_proposal_calls_seq')`;

/** One statement: insert the pending proposal and record its call, or do nothing. */
const INSERT_PENDING = `WITH suspended AS (
    INSERT INTO argseal_proposals (id, proposal_hash, binding_hash, agent, tool,
      tool_call_id, args_canonical_json, original_arguments, reason, created_at, status, supersedes,
      presentation, approvals, requester)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', $11, $12::jsonb, $13::jsonb, $14)
    ON CONFLICT (proposal_hash) WHERE status = 'pending' DO NOTHING
    RETURNING ${proposalColumns()}
  ), recorded AS (${recordCall('$4', '$5', '$6')})
  SELECT * FROM suspended`;

/** One statement: the pending twin, with this call recorded against it. */
const JOIN_PENDING = `WITH suspended AS (
    SELECT ${proposalColumns()} FROM argseal_proposals
    WHERE proposal_hash = $1 AND status = 'pending'
  ), recorded AS (${recordCall('$2', '$3', '$4')})
  SELECT * FROM suspended`;

/** The INSERT_PENDING parameters of one proposal (also the columns of a batched insert). */
export function suspendParams(p: SuspendedToolProposal): unknown[] {
  const rule = checkFourEyes(p);
  return [
    p.id,
    p.proposalHash,
    p.bindingHash,
    p.agent,
    p.tool,
    p.toolCallId,
    p.argsCanonicalJson,
    p.originalArguments ?? null,
    p.reason,
    p.createdAt,
    p.supersedes ?? null,
    p.presentation === undefined ? null : JSON.stringify(checkPresentation(p.presentation)),
    rule === undefined ? null : JSON.stringify(rule),
    p.requester ?? null,
  ];
}

/** The pending twin, with this call recorded against it; undefined if there is none. */
async function joinPending(
  runner: Runner,
  p: SuspendedToolProposal,
): Promise<StoredProposal | undefined> {
  const existing = await runner.query(JOIN_PENDING, [
    p.proposalHash,
    p.agent,
    p.tool,
    p.toolCallId,
  ]);
  return existing[0] ? toProposal(existing[0]) : undefined;
}

/** Inserts a pending proposal, or returns the pending twin; undefined if the twin was decided meanwhile. */
async function suspendOnce(
  runner: Runner,
  p: SuspendedToolProposal,
): Promise<StoredProposal | undefined> {
  let inserted: Record<string, unknown>[];
  try {
    inserted = await runner.query(INSERT_PENDING, suspendParams(p));
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ApprovalError('duplicate_proposal_id', 'a proposal with this id exists');
    }
    throw error;
  }
  if (inserted[0]) return toProposal(inserted[0]);
  return joinPending(runner, p);
}

/** Checks an edit's `supersedes`: another proposal of the same agent and tool. */
export async function checkSupersedes(runner: Runner, p: SuspendedToolProposal): Promise<void> {
  if (p.supersedes === undefined) return;
  const rows = await runner.query(`SELECT agent, tool FROM argseal_proposals WHERE id = $1`, [
    p.supersedes,
  ]);
  const row = rows[0];
  assertSupersedes(p, row ? { agent: String(row.agent), tool: String(row.tool) } : undefined);
}

/**
 * `suspend` of the SQL store after `checkSupersedes`: inserts or joins the pending twin.
 * `notInserted` says a batched insert already found a pending twin of this hash.
 */
export async function suspendChecked(
  runner: Runner,
  p: SuspendedToolProposal,
  notInserted = false,
): Promise<StoredProposal> {
  if (notInserted) {
    const joined = await joinPending(runner, p);
    if (joined) return joined;
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const stored = await suspendOnce(runner, p);
    if (stored) return stored;
  }
  throw new ApprovalError('store_unavailable', 'suspend: the pending proposal kept changing');
}

/** Exported for the plan test (index use). */
export const LATEST_FOR_CALL = `SELECT ${READ_PROPOSAL_COLUMNS} FROM ${PROPOSALS}
  WHERE id = (SELECT proposal_id FROM argseal_proposal_calls
    WHERE agent = $1 AND tool = $2 AND tool_call_id = $3
    ORDER BY seq DESC LIMIT 1)`;

/** The newest proposal a call was suspended as: one index probe, LIMIT 1. */
export async function latestForCall(
  runner: Runner,
  agent: string,
  tool: string,
  toolCallId: string,
): Promise<StoredProposal | undefined> {
  const rows = await runner.query(LATEST_FOR_CALL, [agent, tool, toolCallId]);
  return rows[0] ? toProposal(rows[0]) : undefined;
}
