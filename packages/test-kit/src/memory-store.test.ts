import { createMemoryApprovalStore, createMemoryAuditLog } from '@argseal/core';
import { describe } from 'vitest';
import { describeApprovalStoreContract, describeAuditSinkContract } from './store-suite.js';
import { lifetimeCases } from './store-suite-lifetimes.js';

describeApprovalStoreContract('memory', () => {
  const audit = createMemoryAuditLog();
  return { store: createMemoryApprovalStore({ audit }), audit };
});

// The store's clock a year behind this process (a caller whose clock runs a year fast): the
// lifetime cases hold against the store's clock, so nothing may come from the caller's.
describe('ApprovalStore lifetimes: memory, store clock a year behind the caller', () => {
  const YEAR_MS = 365 * 24 * 3600_000;
  const now = () => new Date(Date.now() - YEAR_MS);
  lifetimeCases(() => ({ store: createMemoryApprovalStore({ now }), clock: now }));
});

describeAuditSinkContract('memory', () => {
  const audit = createMemoryAuditLog();
  return { audit, truncate: (keep: number) => void audit.raw.splice(keep) };
});
