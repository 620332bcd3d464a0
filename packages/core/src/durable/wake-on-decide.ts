import type { ApprovalDecisionInput, ApprovalGrant, ApprovalStore } from '../approvals/types.js';
import { assertKnownOptions } from '../options/known-options.js';
import { DurableWaitError } from './errors.js';

/** What a waiter is told: a wake-up only; what may run is decided by the grant in the store. */
export interface DecisionNotice {
  proposalHash: string;
  decision: 'approve' | 'reject';
}

/** Options of {@link wakeOnDecide}. */
export interface WakeOnDecideOptions {
  /**
   * The waiters registered for a proposal (workflow ids, hook tokens: whatever `notify`
   * takes), e.g. `ledger.waitsFor` of `createSqlExecutionLedger` in `@argseal/postgres`.
   */
  waitsFor: (proposalHash: string) => Promise<readonly string[]>;
  /** Wakes one waiter through the engine's own primitive (DBOS `send`, `resumeHook`, a signal). */
  notify: (waiter: string, notice: DecisionNotice, grant: ApprovalGrant) => Promise<unknown>;
  /**
   * Called when the decision was recorded but a waiter could not be told (it then reads
   * the decision from the store on its own: at its timeout, in its next step). Never
   * rethrown: the decision stands. `waiter` is the waiter that failed, or the proposal hash
   * when `waitsFor` itself failed. Default: a `console.warn` naming it.
   */
  onWakeError?: (error: unknown, waiter: string) => void;
}

/**
 * A connection to a durable engine that wakes its waiting workflows on decisions: what
 * `openDbosWake` (`@argseal/dbos`) and `openWorkflowWake` (`@argseal/workflow`) return, and
 * what `argseal approve` opens for the `wake` entry of its config.
 */
export interface DecisionWake {
  /** The store whose `decide` also wakes the waiters ({@link wakeOnDecide}). */
  wrap(store: ApprovalStore): ApprovalStore;
  /** Closes the engine client and the connections it opened. */
  close(): Promise<void>;
}

const OPTION_KEYS = ['waitsFor', 'notify', 'onWakeError'] as const;

/**
 * Wraps an approval store so that every decision, once recorded, also wakes whoever waits
 * for it. The engine-neutral half of "the console and the CLI wake the workflow": give the
 * wrapped store to the approval console or call `decide` on it from your API; every other
 * method is the store's own. A waiter that cannot be notified does not fail the decision
 * (`onWakeError`); a decision nobody waits for notifies nobody. The notice carries no
 * authority: the waiting step re-checks the grant in the store.
 *
 * `@argseal/dbos` (`wakeWorkflowsOnDecide`) and `@argseal/workflow` (`wakeHooksOnDecide`)
 * are this function with their engine's `notify`.
 *
 * @throws {DurableWaitError} `invalid_wait_options` for a missing store, `waitsFor` or
 *   `notify`. {@link UnknownOptionError} `unknown_option` for an unknown option.
 */
export function wakeOnDecide(store: ApprovalStore, options: WakeOnDecideOptions): ApprovalStore {
  if (!store || typeof store !== 'object' || typeof store.decide !== 'function') {
    throw new DurableWaitError('invalid_wait_options', 'wakeOnDecide needs an approval store');
  }
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new DurableWaitError(
      'invalid_wait_options',
      'wakeOnDecide needs { waitsFor, notify } options',
    );
  }
  assertKnownOptions('wakeOnDecide', options, OPTION_KEYS);
  const { waitsFor, notify } = options;
  if (typeof waitsFor !== 'function' || typeof notify !== 'function') {
    throw new DurableWaitError(
      'invalid_wait_options',
      'wakeOnDecide: "waitsFor" and "notify" must be functions',
    );
  }
  if (options.onWakeError !== undefined && typeof options.onWakeError !== 'function') {
    throw new DurableWaitError(
      'invalid_wait_options',
      'wakeOnDecide: "onWakeError" must be a function',
    );
  }
  const onWakeError =
    options.onWakeError ??
    ((_error: unknown, waiter: string) =>
      console.warn(
        `[argseal] could not wake ${waiter}; it reads the decision from the store on its own`,
      ));

  const decide = async (proposalHash: string, input: ApprovalDecisionInput) => {
    const grant = await store.decide(proposalHash, input);
    const notice: DecisionNotice = { proposalHash, decision: grant.decision };
    let waiters: readonly string[];
    try {
      waiters = await waitsFor(proposalHash);
    } catch (error) {
      onWakeError(error, proposalHash);
      return grant;
    }
    for (const waiter of waiters) {
      try {
        await notify(waiter, notice, grant);
      } catch (error) {
        onWakeError(error, waiter);
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
