import type { ApprovalStore } from '@argseal/core';
import type { ApprovalDecisionInput } from '@argseal/core/store';
import { DbosApprovalError, refuseUnknownKeys } from './errors.js';
import type { DbosLedger } from './sql-ledger.js';
import { type DecisionMessage, decisionTopic } from './topic.js';

/** What the waker needs of a DBOS client: `DBOSClient.send` (or `DBOS.send`) fits. */
export interface WorkflowMessenger {
  send<T>(workflowId: string, message: T, topic?: string, idempotencyKey?: string): Promise<void>;
}

/** Options of {@link wakeWorkflowsOnDecide}. */
export interface WakeOptions {
  /** A `DBOSClient` (another process, e.g. the console) or `DBOS` itself. */
  messenger: WorkflowMessenger;
  /** The ledger that records which workflows wait for which proposal. */
  ledger: DbosLedger;
  /**
   * Called when a decision was recorded but a workflow could not be woken (it then wakes at
   * its timeout and reads the decision from the store). Default: `console.warn`.
   */
  onWakeError?: (error: unknown, workflowId: string) => void;
}

/**
 * Wraps an approval store so every decision also wakes the DBOS workflows waiting for it,
 * through DBOS's own `send` (no polling). Give the wrapped store to the console
 * (`createConsoleServer({ store })`) or call `decide` on it from your own API. The message
 * only wakes the workflow: what it may run is decided by the grant in the store.
 *
 * @throws {DbosApprovalError} `invalid_dbos_options` for an unknown or missing option.
 */
export function wakeWorkflowsOnDecide(store: ApprovalStore, options: WakeOptions): ApprovalStore {
  if (!store || typeof store.decide !== 'function') {
    throw new DbosApprovalError(
      'invalid_dbos_options',
      'wakeWorkflowsOnDecide needs an approval store',
    );
  }
  if (options === null || typeof options !== 'object') {
    throw new DbosApprovalError(
      'invalid_dbos_options',
      'wakeWorkflowsOnDecide needs { messenger, ledger }',
    );
  }
  refuseUnknownKeys(options, ['messenger', 'ledger', 'onWakeError'], 'wakeWorkflowsOnDecide');
  const { messenger, ledger } = options;
  if (
    !messenger ||
    typeof messenger.send !== 'function' ||
    !ledger ||
    typeof ledger.waitsFor !== 'function'
  ) {
    throw new DbosApprovalError(
      'invalid_dbos_options',
      'wakeWorkflowsOnDecide needs { messenger, ledger }',
    );
  }
  const onWakeError =
    options.onWakeError ??
    ((_error: unknown, workflowId: string) =>
      console.warn(
        `[argseal/dbos] could not wake workflow ${workflowId}; it reads the decision at its timeout`,
      ));

  const decide = async (proposalHash: string, input: ApprovalDecisionInput) => {
    const grant = await store.decide(proposalHash, input);
    const message: DecisionMessage = { proposalHash, decision: grant.decision };
    for (const workflowId of await ledger.waitsFor(proposalHash)) {
      try {
        await messenger.send(
          workflowId,
          message,
          decisionTopic(proposalHash),
          `${grant.proposalId}:${grant.approver}:${grant.grantedAt}`,
        );
      } catch (error) {
        onWakeError(error, workflowId);
      }
    }
    return grant;
  };
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'decide') return decide;
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
