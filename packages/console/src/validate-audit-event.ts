import type { JsonValue } from '@argseal/core';
import { canonicalize } from '@argseal/core/data';
import type { AuditEvent, AuditEventType } from '@argseal/core/store';
import { HttpError } from './http-errors.js';

/**
 * Event types an agent may append. `approval_granted` and the tool-definition decisions only
 * ever come from the console's own stores; a proxy reports `tool_definition_observed`.
 */
const AGENT_TYPES: readonly AuditEventType[] = [
  'proposed',
  'decided',
  'approval_requested',
  'approval_rejected',
  'approval_consumed',
  'approval_mismatched',
  'approval_expired',
  'executed',
  'failed',
  'rewritten',
  'shadow',
  'invalid',
  'tool_definition_observed',
];
const CONSOLE_ONLY: readonly string[] = [
  'approval_granted',
  'tool_definition_approved',
  'tool_definition_rejected',
];
const STRINGS = [
  'agent',
  'tool',
  'toolCallId',
  'proposalHash',
  'bindingHash',
  'proposalId',
  'argsCanonicalJson',
  'originalArguments',
  'reason',
  'approver',
  'note',
  'supersedes',
] as const;
const DECISIONS = ['allow', 'deny', 'require_approval', 'approve', 'reject'];
const ALLOWED = new Set<string>(['type', 'decision', 'mode', 'trace', 'error', 'data', ...STRINGS]);

/**
 * Largest audit event an agent may append: 64 KiB of RFC 8785 JSON (UTF-8). Every record is
 * re-read and re-hashed by verification, so the chain must not grow by a megabyte a call.
 */
export const MAX_AGENT_AUDIT_EVENT_BYTES = 64 * 1024;

const bad = (message: string) => new HttpError('invalid_audit_event', message);
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks an audit event an agent appends (already strict JSON). The agent name must be the
 * token's (unless `anyAgent`); `approver` is only accepted on `approval_consumed`; the
 * console stamps `data.submittedBy` with the token's agent name.
 */
export function checkAgentAuditEvent(
  value: unknown,
  agentName: string,
  anyAgent: boolean,
): AuditEvent {
  if (!isRecord(value)) throw bad('the event must be a JSON object');
  const size = new TextEncoder().encode(canonicalize(value as JsonValue)).length;
  if (size > MAX_AGENT_AUDIT_EVENT_BYTES) {
    throw new HttpError(
      'audit_event_too_large',
      `an agent audit event may have at most ${MAX_AGENT_AUDIT_EVENT_BYTES} bytes of canonical JSON`,
    );
  }
  for (const key of Object.keys(value)) if (!ALLOWED.has(key)) throw bad(`unknown field "${key}"`);
  const type = value.type as AuditEventType;
  if (!AGENT_TYPES.includes(type)) {
    throw CONSOLE_ONLY.includes(type)
      ? new HttpError('forbidden_event_type', `only the console records ${type}`)
      : bad('unknown event type');
  }
  for (const key of STRINGS) {
    if (value[key] !== undefined && typeof value[key] !== 'string')
      throw bad(`"${key}" must be a string`);
  }
  if (value.approver !== undefined && type !== 'approval_consumed') {
    throw new HttpError('forbidden_field', 'agents may not name an approver on this event');
  }
  if (!anyAgent && value.agent !== undefined && value.agent !== agentName) {
    throw new HttpError(
      'agent_mismatch',
      'this agent token may only append events for its own agent name',
    );
  }
  if (value.decision !== undefined && !DECISIONS.includes(value.decision as string))
    throw bad('unknown decision');
  if (value.mode !== undefined && value.mode !== 'enforce' && value.mode !== 'shadow')
    throw bad('unknown mode');
  if (value.trace !== undefined && !Array.isArray(value.trace))
    throw bad('"trace" must be an array');
  if (
    value.error !== undefined &&
    (!isRecord(value.error) || typeof value.error.code !== 'string')
  ) {
    throw bad('"error" must be an object with a string code');
  }
  if (value.data !== undefined && !isRecord(value.data)) throw bad('"data" must be an object');
  const data = {
    ...((value.data as Record<string, JsonValue> | undefined) ?? {}),
    submittedBy: agentName,
  };
  return { ...(value as unknown as AuditEvent), data };
}
