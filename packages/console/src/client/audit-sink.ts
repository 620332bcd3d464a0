import type { AuditRecord, AuditSink } from '@argseal/core';
import type { AuditEvent } from '@argseal/core/store';
import { type ConsoleClientOptions, createConsoleRequest } from './http-client.js';

/**
 * An `AuditSink` that appends to a console's hash-chained audit trail over HTTP, so an agent
 * in another process writes to the same chain the approvers see. The console stamps
 * `data.submittedBy` with the token's agent name. `records()` needs a console started with
 * `agentScope: 'any'`; approvers read the trail with `GET /api/audit`.
 */
export function createConsoleAuditSink(options: ConsoleClientOptions): AuditSink {
  const request = createConsoleRequest(options);
  return {
    async append(event: AuditEvent) {
      const { record } = (await request('POST', '/api/agent/audit', event)) as {
        record: AuditRecord;
      };
      return record;
    },
    async records() {
      const { records } = (await request('GET', '/api/agent/audit')) as { records: AuditRecord[] };
      return records;
    },
  };
}
