import { ApprovalError, normalizeDecision, type SuspendedToolProposal } from '@argseal/core';
import { type Attempt, decodedOnly } from '@argseal/core/kit';
import type { ArgsealRefusal } from './approval-types.js';
import type { SealEnv } from './seal-env.js';

/** A call this attempt suspended, with the proposal the store holds for it. */
export interface SuspendedItem {
  toolCallId: string;
  attempt: Attempt;
  proposal: SuspendedToolProposal;
}

export interface ValidDecision {
  /** Usually one; several when identical calls in one message share a proposal. */
  items: SuspendedItem[];
  type: 'approve' | 'reject' | 'edit';
  approver: string;
  note: string | undefined;
  /** For an edit: the new attempts (one per item), each superseding the original proposal. */
  edited?: Attempt[];
}

export type DecisionVerdict =
  | { ok: true; decisions: ValidDecision[] }
  | { ok: false; refusals: ArgsealRefusal[] };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isHex64 = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v);
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;

/**
 * Checks a resume value against the proposals pending in this attempt. Decisions are
 * matched by proposal hash (never by position) and must repeat the proposal id, so a
 * decision recorded for an earlier suspension cannot be replayed onto a new one with
 * the same hash. Every pending proposal needs exactly one decision. An edit is
 * prepared here through its target tool (strict domain, rewrite, schema). Either the
 * whole value is valid, or nothing of it is applied.
 */
export async function validateDecisions<Context>(
  env: SealEnv<Context>,
  value: unknown,
  suspended: readonly SuspendedItem[],
  context: Context,
): Promise<DecisionVerdict> {
  const refusals: ArgsealRefusal[] = [];
  if (!isObj(value) || !Array.isArray(value.decisions)) {
    return {
      ok: false,
      refusals: [{ index: -1, code: 'invalid_resume', message: 'expected { decisions: [...] }' }],
    };
  }
  const fallbackApprover = nonEmpty(value.approver) ? value.approver : undefined;
  const byHash = new Map<string, SuspendedItem[]>();
  for (const item of suspended) {
    const list = byHash.get(item.proposal.proposalHash) ?? [];
    list.push(item);
    byHash.set(item.proposal.proposalHash, list);
  }
  const seen = new Set<string>();
  const out: ValidDecision[] = [];
  for (const [index, raw] of (value.decisions as unknown[]).entries()) {
    const refuse = (
      code: ArgsealRefusal['code'],
      message: string,
      extra: Partial<ArgsealRefusal> = {},
    ) => refusals.push({ index, code, message, ...extra });
    if (!isObj(raw) || (raw.type !== 'approve' && raw.type !== 'reject' && raw.type !== 'edit')) {
      refuse(
        'invalid_decision',
        'a decision is { type: "approve" | "reject" | "edit", proposalHash, proposalId }',
      );
      continue;
    }
    const hash = isHex64(raw.proposalHash) ? raw.proposalHash : undefined;
    const items = hash === undefined ? undefined : byHash.get(hash);
    const item = items?.[0];
    if (!items || !item || hash === undefined) {
      refuse(
        'decision_not_pending',
        'no pending proposal of this run has this hash',
        hash ? { proposalHash: hash } : {},
      );
      continue;
    }
    if (raw.proposalId !== item.proposal.id) {
      refuse('stale_decision', 'the proposal id does not match the pending proposal', {
        proposalHash: hash,
      });
      continue;
    }
    if (seen.has(hash)) {
      refuse('duplicate_decision', 'more than one decision for this proposal', {
        proposalHash: hash,
      });
      continue;
    }
    seen.add(hash);
    const approver = nonEmpty(raw.approver) ? raw.approver : fallbackApprover;
    if (approver === undefined) {
      refuse('approver_missing', 'a decision needs an approver', { proposalHash: hash });
      continue;
    }
    const note = typeof raw.note === 'string' ? raw.note : undefined;
    try {
      normalizeDecision(
        { decision: 'reject', approver, ...(note !== undefined ? { note } : {}) },
        new Date(),
      );
    } catch (error) {
      if (!ApprovalError.isInstance(error)) throw error;
      refuse(
        'invalid_decision',
        `the decision was refused by the approval store rules (${error.code})`,
        {
          proposalHash: hash,
        },
      );
      continue;
    }
    if (raw.type !== 'edit') {
      out.push({ items, type: raw.type, approver, note });
      continue;
    }
    const action = raw.editedAction;
    if (!isObj(action) || typeof action.name !== 'string' || !isObj(action.args)) {
      refuse('invalid_decision', 'an edit needs editedAction { name, args }', {
        proposalHash: hash,
      });
      continue;
    }
    const target = env.tools.get(action.name);
    if (!target) {
      refuse('edit_unknown_tool', `an edit may only target a sealed tool`, { proposalHash: hash });
      continue;
    }
    const edited: Attempt[] = [];
    for (const each of items) {
      // the editor's arguments come from the approving application, not from a model
      const prepared = await env.authorizer.prepare(
        target.argsealBinding.argsealTool,
        decodedOnly(action.args),
        {
          toolCallId: each.toolCallId,
          context,
          allowDecodedOnly: true,
          // a store links proposals of one tool only; a retargeted edit is linked in audit
          ...(action.name === each.proposal.tool ? { supersedes: each.proposal.id } : {}),
        },
      );
      if (!prepared.ok) {
        const e = prepared.refusal;
        refuse(
          'edit_invalid_arguments',
          `the edited arguments are invalid (${e.stage}/${e.code})`,
          {
            proposalHash: hash,
            stage: e.stage,
            errorCode: e.code,
            path: e.path,
          },
        );
        break;
      }
      edited.push(prepared.attempt);
    }
    if (edited.length === items.length) out.push({ items, type: 'edit', approver, note, edited });
  }
  for (const item of suspended) {
    if (
      !seen.has(item.proposal.proposalHash) &&
      !refusals.some((r) => r.proposalHash === item.proposal.proposalHash)
    ) {
      refusals.push({
        index: -1,
        code: 'decision_missing',
        message: 'every pending proposal needs a decision',
        proposalHash: item.proposal.proposalHash,
      });
    }
  }
  return refusals.length > 0 ? { ok: false, refusals } : { ok: true, decisions: out };
}
