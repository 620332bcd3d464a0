import type { AuditEvent } from '@argseal/core';
import type { ToolDefinitionRecord } from './types.js';

/**
 * The audit event of a definition record: `tool_definition_observed` while pending,
 * `tool_definition_approved` / `_rejected` once decided. Carries hashes, never the schema text.
 */
export function pinAuditEvent(r: ToolDefinitionRecord): AuditEvent {
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
