import { ArgsealError, ToolArgumentsValidationError, type ValidationErrorCode } from '../errors.js';
import { RAW_TEXT_FIX } from './raw-text-fix.js';

/** Where a call was refused: an argument stage, policy, approval, the tool, or argseal itself. */
type RefusalStage =
  | 'decode'
  | 'rewrite'
  | 'schema'
  | 'snapshot'
  | 'policy'
  | 'approval'
  | 'execute'
  | 'internal';

/** Stable codes of a {@link Refusal}. */
export type RefusalCode =
  | ValidationErrorCode
  /** The policy denied the call (its reason is in `reason`). */
  | 'denied'
  /** The call waits for a human decision on `proposalHash`. */
  | 'approval_required'
  | 'approval_rejected'
  | 'approval_store_missing'
  /**
   * This very call (same agent, tool, id and arguments) already ran on its grant: a replayed
   * resume runs nothing and creates no new pending proposal.
   */
  | 'approval_used_up'
  /** The tool ran and threw; what it threw is never part of the refusal. */
  | 'tool_failed'
  /** The framework would run a tool that is not sealed by this adapter. */
  | 'not_sealed'
  /** The call has no id, so its answer cannot be bound to it. */
  | 'missing_tool_call_id'
  /** Another call of the same model message uses this id: the calls are ambiguous. */
  | 'duplicate_tool_call_id'
  | 'internal_error';

/**
 * Why a call did not run, as plain data an adapter shows, logs or returns. It names tool,
 * stage, code and JSON Pointer path, never the arguments.
 */
export interface Refusal {
  code: RefusalCode;
  stage: RefusalStage;
  tool?: string;
  toolCallId?: string;
  /** JSON Pointer of the offending value (argument stages). */
  path?: string;
  /** The policy's reason (`denied`, `approval_required`). */
  reason?: string;
  /** The proposal a human decides (`approval_required`). */
  proposalHash?: string;
  /** One payload-free sentence for logs; {@link refusalText} is the model's text. */
  message: string;
}

type Where = { tool?: string | undefined; toolCallId?: string | undefined };

const APPROVAL_REASONS = new Set([
  'approval_rejected',
  'approval_store_missing',
  'approval_used_up',
]);
const MAX_REASON = 200;

function clip(reason: string): string {
  return reason.length > MAX_REASON ? `${reason.slice(0, MAX_REASON)}…` : reason;
}

/**
 * A {@link Refusal} from its fields (the `message` is derived), for refusals an adapter
 * decides itself (`not_sealed`, `duplicate_tool_call_id`) or reads back from history.
 */
export function makeRefusal(init: Omit<Refusal, 'message'>, where?: Where): Refusal {
  return make(init, where);
}

function make(init: Omit<Refusal, 'message'>, where: Where | undefined): Refusal {
  const r: Refusal = { ...init, message: '' };
  const tool = init.tool ?? where?.tool;
  const toolCallId = init.toolCallId ?? where?.toolCallId;
  if (tool !== undefined) r.tool = tool;
  if (toolCallId !== undefined) r.toolCallId = toolCallId;
  const at = r.path === undefined ? '' : ` at ${r.path === '' ? '(root)' : r.path}`;
  const why = r.reason === undefined ? '' : ` (${r.reason})`;
  r.message = `${tool === undefined ? '' : `tool "${tool}": `}${r.stage}/${r.code}${at}${why}`;
  return r;
}

function fromDecision(d: { type: string; reason?: unknown; proposal?: unknown }, where?: Where) {
  if (d.type === 'suspended') {
    const p = d.proposal as {
      proposalHash: string;
      reason: string;
      tool: string;
      toolCallId: string;
    };
    return make(
      {
        code: 'approval_required',
        stage: 'approval',
        proposalHash: p.proposalHash,
        reason: clip(p.reason),
        tool: p.tool,
        toolCallId: p.toolCallId,
      },
      where,
    );
  }
  const reason = typeof d.reason === 'string' ? d.reason : 'denied';
  if (APPROVAL_REASONS.has(reason)) {
    return make({ code: reason as RefusalCode, stage: 'approval' }, where);
  }
  return make({ code: 'denied', stage: 'policy', reason: clip(reason) }, where);
}

/**
 * The one refusal vocabulary: turns a validation error, a `check`/`authorize` result
 * (`deny`, `suspended`), a non-executed `CallOutcome`, an `ArgsealError` or anything
 * thrown into a {@link Refusal}. Unknown values become `internal_error`.
 */
export function toRefusal(value: unknown, where?: Where): Refusal {
  if (ToolArgumentsValidationError.isInstance(value)) {
    return make(
      {
        code: value.code,
        stage: value.stage,
        path: value.path,
        ...(value.tool ? { tool: value.tool } : {}),
      },
      where,
    );
  }
  if (typeof value === 'object' && value !== null) {
    const v = value as {
      type?: unknown;
      status?: unknown;
      error?: unknown;
      tool?: unknown;
      toolCallId?: unknown;
    };
    const at: Where = {
      tool: typeof v.tool === 'string' ? v.tool : where?.tool,
      toolCallId: typeof v.toolCallId === 'string' ? v.toolCallId : where?.toolCallId,
    };
    if (v.type === 'deny' || v.type === 'suspended')
      return fromDecision(v as { type: string }, where);
    if (v.status === 'denied') return fromDecision({ ...(v as object), type: 'deny' }, at);
    if (v.status === 'suspended') return fromDecision({ ...(v as object), type: 'suspended' }, at);
    if (v.status === 'invalid') return toRefusal(v.error, at);
    if (v.status === 'failed') {
      if (ArgsealError.isInstance(v.error) && !ToolArgumentsValidationError.isInstance(v.error)) {
        return make({ code: 'tool_failed', stage: 'execute', reason: v.error.code }, at);
      }
      return make({ code: 'tool_failed', stage: 'execute' }, at);
    }
  }
  if (ArgsealError.isInstance(value)) {
    return make({ code: 'internal_error', stage: 'internal', reason: value.code }, where);
  }
  return make({ code: 'internal_error', stage: 'internal' }, where);
}

/**
 * The text the model sees for a refusal: tool, stage, code, path and the policy's reason;
 * never argument values. Says that nothing ran (except for `tool_failed`).
 */
export function refusalText(r: Refusal): string {
  const tool = r.tool === undefined ? 'a tool' : `tool "${r.tool}"`;
  const path = r.path === undefined ? '' : ` path=${r.path === '' ? '(root)' : r.path}`;
  const reason = r.reason === undefined ? '' : ` reason=${r.reason}`;
  const head = `argseal refused the call of ${tool}: stage=${r.stage} code=${r.code}${path}${reason}.`;
  switch (r.code) {
    case 'tool_failed':
      return `argseal: ${tool} failed while executing (code=tool_failed${reason}).`;
    case 'approval_required':
      return `${head} It waits for a human decision on proposal ${r.proposalHash ?? '(unknown)'}; nothing was executed.`;
    case 'raw_text_unavailable':
      return `${head} Nothing was executed: the raw argument text was not available to check (fix: ${RAW_TEXT_FIX}).`;
    default:
      return r.stage === 'decode' || r.stage === 'schema' || r.stage === 'snapshot'
        ? `${head} Nothing was executed; send valid JSON arguments.`
        : `${head} Nothing was executed.`;
  }
}
