import { normalizeDecision } from '../../approvals/validate.js';
import type { Attempt, Authorizer } from '../../authorizer/types.js';
import { ApprovalError } from '../../errors.js';
import { isHashHex } from '../../hash.js';
import type { JsonObject } from '../../json/types.js';
import type { ArgsealTool } from '../../tool/types.js';
import { decodedOnly } from '../inputs.js';
import type { DecisionRefusal, DecisionVerdict, PendingCall, ValidDecision } from './types.js';

/** What {@link validateDecisions} checks a decision value against. */
export interface ValidateDecisionsOptions<Context> {
  /** The calls of this run waiting for a decision. */
  pending: readonly PendingCall[];
  /** The sealed tool an edit may target, by name (undefined: not sealed, refused). */
  toolFor: (name: string) => ArgsealTool | undefined;
  /** Application context for preparing edited calls. */
  context?: Context;
}

type Obj = Record<string, unknown>;
type Refuse = (
  code: DecisionRefusal['code'],
  message: string,
  extra?: Partial<DecisionRefusal>,
) => undefined;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;
const DECISION_SHAPE =
  'a decision is { type: "approve" | "reject" | "edit", proposalHash, proposalId }';

/** The approver and note as the store's rules accept them, or undefined (refused). */
function approverOf(raw: Obj, fallback: string | undefined, refuse: Refuse) {
  const approver = nonEmpty(raw.approver) ? raw.approver : fallback;
  if (approver === undefined) return refuse('approver_missing', 'a decision needs an approver');
  const note = typeof raw.note === 'string' ? raw.note : undefined;
  try {
    normalizeDecision(
      { decision: 'reject', approver, ...(note !== undefined ? { note } : {}) },
      new Date(),
    );
  } catch (error) {
    if (!ApprovalError.isInstance(error)) throw error;
    return refuse(
      'invalid_decision',
      `the decision was refused by the approval store rules (${error.code})`,
    );
  }
  return { approver, note };
}

/** Prepares an edit's action through its target tool, once per call of the proposal. */
async function prepareEdit<Context>(
  authorizer: Authorizer<Context>,
  raw: Obj,
  items: readonly PendingCall[],
  options: ValidateDecisionsOptions<Context>,
  refuse: Refuse,
): Promise<Attempt[] | undefined> {
  const action = raw.editedAction;
  if (!isObj(action) || typeof action.name !== 'string' || !isObj(action.args)) {
    return refuse('invalid_decision', 'an edit needs editedAction { name, args }');
  }
  const target = options.toolFor(action.name);
  if (!target) return refuse('edit_unknown_tool', 'an edit may only target a sealed tool');
  const edited: Attempt[] = [];
  for (const each of items) {
    // the editor's arguments come from the approving application, not from a model
    const prepared = await authorizer.prepare(target, decodedOnly(action.args), {
      toolCallId: each.toolCallId,
      ...(options.context !== undefined ? { context: options.context } : {}),
      allowDecodedOnly: true,
      // a store links proposals of one tool only; a retargeted edit is linked in audit
      ...(action.name === each.proposal.tool ? { supersedes: each.proposal.id } : {}),
    });
    if (!prepared.ok) {
      const { stage, code, path } = prepared.refusal;
      const message = `the edited arguments are invalid (${stage}/${code})`;
      return refuse('edit_invalid_arguments', message, { stage, errorCode: code, path });
    }
    edited.push(prepared.attempt);
  }
  return edited;
}

/**
 * Checks a human decision value (`{ approver?, decisions: [...] }`, see `DecisionSet`)
 * against the calls pending in this run. Decisions are matched by proposal hash (never
 * by position) and must repeat the proposal id, so a decision recorded for an earlier
 * suspension cannot be replayed onto a new one with the same hash. Every pending
 * proposal needs exactly one decision and an approver. An edit is prepared here through
 * its target tool (strict domain, rewrite, schema; no policy). Either the whole value is
 * valid, or nothing of it may be applied: nothing is stored or executed here.
 */
export async function validateDecisions<Context>(
  authorizer: Authorizer<Context>,
  value: unknown,
  options: ValidateDecisionsOptions<Context>,
): Promise<DecisionVerdict> {
  if (!isObj(value) || !Array.isArray(value.decisions)) {
    const message = 'expected { decisions: [...] }';
    return { ok: false, refusals: [{ index: -1, code: 'invalid_resume', message }] };
  }
  const fallback = nonEmpty(value.approver) ? value.approver : undefined;
  const byHash = new Map<string, PendingCall[]>();
  for (const item of options.pending) {
    const list = byHash.get(item.proposal.proposalHash) ?? [];
    byHash.set(item.proposal.proposalHash, [...list, item]);
  }
  const refusals: DecisionRefusal[] = [];
  const seen = new Set<string>();
  const out: ValidDecision[] = [];
  for (const [index, raw] of (value.decisions as unknown[]).entries()) {
    const hash = isObj(raw) && isHashHex(raw.proposalHash) ? raw.proposalHash : undefined;
    const refuse: Refuse = (code, message, extra = {}) => {
      refusals.push({ index, code, message, ...(hash ? { proposalHash: hash } : {}), ...extra });
      return undefined;
    };
    if (!isObj(raw) || (raw.type !== 'approve' && raw.type !== 'reject' && raw.type !== 'edit')) {
      refusals.push({ index, code: 'invalid_decision', message: DECISION_SHAPE });
      continue;
    }
    const items = hash === undefined ? undefined : byHash.get(hash);
    if (!items?.[0] || hash === undefined) {
      refuse('decision_not_pending', 'no pending proposal of this run has this hash');
      continue;
    }
    if (raw.proposalId !== items[0].proposal.id) {
      refuse('stale_decision', 'the proposal id does not match the pending proposal');
      continue;
    }
    if (seen.has(hash)) {
      refuse('duplicate_decision', 'more than one decision for this proposal');
      continue;
    }
    seen.add(hash);
    const who = approverOf(raw, fallback, refuse);
    if (who === undefined) continue;
    if (raw.type !== 'edit') {
      out.push({ items, type: raw.type, ...who });
      continue;
    }
    const edited = await prepareEdit(authorizer, raw, items, options, refuse);
    if (edited) {
      const editedArguments = (raw.editedAction as { args: JsonObject }).args;
      out.push({ items, type: 'edit', ...who, edited, editedArguments });
    }
  }
  for (const { proposal } of options.pending) {
    const hash = proposal.proposalHash;
    if (seen.has(hash) || refusals.some((r) => r.proposalHash === hash)) continue;
    const message = 'every pending proposal needs a decision';
    refusals.push({ index: -1, code: 'decision_missing', message, proposalHash: hash });
  }
  return refusals.length > 0 ? { ok: false, refusals } : { ok: true, decisions: out };
}
