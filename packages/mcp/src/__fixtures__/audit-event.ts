import type { AuditEvent } from '@argseal/core/store';

/** An audit event of the proxy's agent for one call (the grouped-writes tests). */
export const auditEvent = (type: AuditEvent['type'], toolCallId: string): AuditEvent => ({
  type,
  agent: 'mcp',
  tool: 'fx/echo',
  toolCallId,
  proposalHash: 'a'.repeat(64),
});
