import { createMemoryApprovalStore, createMemoryAuditLog } from '@argseal/core';
import { describeApprovalStoreContract, describeAuditSinkContract } from './store-suite.js';

describeApprovalStoreContract('memory', () => {
  const audit = createMemoryAuditLog();
  return { store: createMemoryApprovalStore({ audit }), audit };
});

describeAuditSinkContract('memory', () => {
  const audit = createMemoryAuditLog();
  return { audit, truncate: (keep: number) => void audit.raw.splice(keep) };
});
