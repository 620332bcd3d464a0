import { afterEach, beforeEach, describe } from 'vitest';
import type { ApprovalStoreFixture } from './store-fixtures.js';
import { agentCases } from './store-suite-agents.js';
import { byHashCases } from './store-suite-by-hash.js';
import { callCases } from './store-suite-calls.js';
import { eventCases } from './store-suite-events.js';
import { fourEyesCases } from './store-suite-four-eyes.js';
import { grantCases } from './store-suite-grants.js';
import { inputCases } from './store-suite-input.js';
import { lifecycleCases } from './store-suite-lifecycle.js';
import { lifetimeCases } from './store-suite-lifetimes.js';
import { presentationCases } from './store-suite-presentation.js';

export { describeAuditSinkContract } from './audit-sink-suite.js';
export type { ApprovalStoreFixture, AuditSinkFixture } from './store-fixtures.js';
export { expectCode, makeProposal, sameCall } from './store-fixtures.js';

/**
 * The ApprovalStore contract every backend (memory, PGlite, PostgreSQL, HTTP) passes.
 * `makeStore` runs before each test and should return an empty store; `close` runs after.
 */
export function describeApprovalStoreContract(
  name: string,
  makeStore: () => ApprovalStoreFixture | Promise<ApprovalStoreFixture>,
  options: { timeout?: number } = {},
): void {
  describe(`ApprovalStore contract: ${name}`, { timeout: options.timeout ?? 30_000 }, () => {
    let current: ApprovalStoreFixture | undefined;
    beforeEach(async () => {
      current = await makeStore();
    });
    afterEach(async () => {
      await current?.close?.();
      current = undefined;
    });
    const fx = (): ApprovalStoreFixture => {
      if (!current) throw new Error('store fixture missing');
      return current;
    };
    lifecycleCases(fx);
    grantCases(fx);
    inputCases(fx);
    eventCases(fx);
    callCases(fx);
    byHashCases(fx);
    agentCases(fx);
    lifetimeCases(fx);
    presentationCases(fx);
    fourEyesCases(fx);
  });
}
