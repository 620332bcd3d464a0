import { type ApprovalStore, assertKnownOptions, wakeOnDecide } from '@argseal/core';
import { WorkflowApprovalError } from './errors.js';
import type { DecisionMessage } from './hook-token.js';
import type { WaitIndex } from './wait-index.js';

/** `resumeHook` of `workflow/api` fits. */
export type HookResumer = (token: string, payload: DecisionMessage) => Promise<unknown>;

/** Options of {@link wakeHooksOnDecide}. */
export interface WakeHooksOptions {
  /** `resumeHook` from `workflow/api` (the engine's own notification). */
  resumeHook: HookResumer;
  /** The index the workflows' steps record their waits in. */
  waits: Pick<WaitIndex, 'waitsFor'>;
  /**
   * Called when a decision was recorded but a hook could not be resumed (for instance it
   * was not registered yet: the run then reads the decision in its next execute step).
   * Default: `console.warn`.
   */
  onWakeError?: (error: unknown, token: string) => void;
}

/**
 * Wraps an approval store so every decision also resumes the workflow hooks waiting for it,
 * through Workflow DevKit's `resumeHook` (no polling): core's `wakeOnDecide` with
 * `resumeHook` as the notifier. Give the wrapped store to the console
 * (`createConsoleServer({ store })`) or call `decide` on it from your API. The payload only
 * wakes the run: what it may run is decided by the grant in the store.
 *
 * @throws {WorkflowApprovalError} `invalid_workflow_options` for a missing store, `resumeHook`
 *   or `waits`.
 * @throws {UnknownOptionError} `unknown_option` (core) for an unknown option.
 */
export function wakeHooksOnDecide(store: ApprovalStore, options: WakeHooksOptions): ApprovalStore {
  if (!store || typeof store.decide !== 'function') {
    throw new WorkflowApprovalError(
      'invalid_workflow_options',
      'wakeHooksOnDecide needs an approval store',
    );
  }
  if (options === null || typeof options !== 'object') {
    throw new WorkflowApprovalError(
      'invalid_workflow_options',
      'wakeHooksOnDecide needs { resumeHook, waits }',
    );
  }
  assertKnownOptions('wakeHooksOnDecide', options, ['resumeHook', 'waits', 'onWakeError']);
  const { resumeHook, waits } = options;
  if (typeof resumeHook !== 'function' || !waits || typeof waits.waitsFor !== 'function') {
    throw new WorkflowApprovalError(
      'invalid_workflow_options',
      'wakeHooksOnDecide needs { resumeHook, waits }',
    );
  }
  return wakeOnDecide(store, {
    waitsFor: (proposalHash) => waits.waitsFor(proposalHash),
    notify: (token, notice) => resumeHook(token, notice),
    onWakeError:
      options.onWakeError ??
      ((_error: unknown, token: string) =>
        console.warn(
          `[argseal/workflow] could not resume hook ${token}; the run reads the decision in its next step`,
        )),
  });
}
