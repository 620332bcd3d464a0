import type { AuditRecord, AuditSink } from '@argseal/core';

/**
 * Appends to another sink (the console's hash-chained trail) and remembers the records this
 * process appended, so the example can print which rule decided each call. An agent token
 * may not read the console's whole trail; approvers see it, verified, on the page.
 */
export function createRecordingAuditSink(inner: AuditSink): AuditSink {
  const mine: AuditRecord[] = [];
  return {
    async append(event) {
      const record = await inner.append(event);
      mine.push(record);
      return record;
    },
    async records() {
      return [...mine];
    },
  };
}
