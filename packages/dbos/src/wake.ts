import { type ApprovalStore, assertKnownOptions, wakeOnDecide } from '@argseal/core';
import { DbosApprovalError } from './errors.js';
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
  ledger: Pick<DbosLedger, 'waitsFor'>;
  /**
   * Called when a decision was recorded but a workflow could not be woken (it then wakes at
   * its timeout and reads the decision from the store). Default: `console.warn`.
   */
  onWakeError?: (error: unknown, workflowId: string) => void;
}

/**
 * Wraps an approval store so every decision also wakes the DBOS workflows waiting for it,
 * through DBOS's own `send` (no polling): core's `wakeOnDecide` with DBOS as the notifier.
 * Give the wrapped store to the console (`createConsoleServer({ store })`) or call `decide`
 * on it from your own API. The message only wakes the workflow: what it may run is decided
 * by the grant in the store.
 *
 * @throws {DbosApprovalError} `invalid_dbos_options` for a missing store, messenger or ledger.
 * @throws {UnknownOptionError} `unknown_option` (core) for an unknown option.
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
  assertKnownOptions('wakeWorkflowsOnDecide', options, ['messenger', 'ledger', 'onWakeError']);
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
  return wakeOnDecide(store, {
    waitsFor: (proposalHash) => ledger.waitsFor(proposalHash),
    notify: (workflowId, notice, grant) => {
      const message: DecisionMessage = notice;
      return messenger.send(
        workflowId,
        message,
        decisionTopic(notice.proposalHash),
        `${grant.proposalId}:${grant.approver}:${grant.grantedAt}`,
      );
    },
    onWakeError:
      options.onWakeError ??
      ((_error: unknown, workflowId: string) =>
        console.warn(
          `[argseal/dbos] could not wake workflow ${workflowId}; it reads the decision at its timeout`,
        )),
  });
}
