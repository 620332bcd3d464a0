import type { AuditEvent } from '@argseal/core/store';
import type { ToolPinRecord } from './rows.js';

/**
 * The audit event of a tool-definition record: `tool_definition_observed` while pending,
 * `tool_definition_approved` / `_rejected` once decided. Carries hashes and the pin id,
 * never the definition text. The default `auditEvent` of `createSqlToolPinStore`.
 */
export function toolPinAuditEvent(r: ToolPinRecord): AuditEvent {
  const type =
    r.status === 'pending'
      ? 'tool_definition_observed'
      : r.status === 'rejected'
        ? 'tool_definition_rejected'
        : 'tool_definition_approved';
  const data: NonNullable<AuditEvent['data']> = {
    server: r.server,
    pinId: r.id,
    definitionHash: r.definitionHash,
  };
  if (r.previousHash !== undefined) data.previousHash = r.previousHash;
  const event: AuditEvent = { type, agent: r.agent, tool: r.tool, data };
  if (r.decidedBy !== undefined) event.approver = r.decidedBy;
  if (r.note !== undefined) event.note = r.note;
  return event;
}
