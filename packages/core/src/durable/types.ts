import type { ArgsealTool } from '../tool/types.js';

/**
 * What {@link ApprovalWait.request} decided, as plain JSON so a durable engine can record
 * it as a step's output and replay it: `ready` (policy allows, or a live grant already
 * exists), `denied` (nothing will run), or `pending` (a person must decide; wait for the
 * proposal, then call {@link ApprovalWait.execute}).
 */
export type WaitTicket =
  | { status: 'ready'; tool: string; proposalHash: string; bindingHash: string }
  | { status: 'denied'; tool: string; proposalHash?: string; reason: string }
  | {
      status: 'pending';
      tool: string;
      proposalHash: string;
      bindingHash: string;
      proposalId: string;
      reason: string;
    };

/**
 * What one {@link ApprovalWait.execute} step ended with, as plain JSON:
 * - `executed`: the tool ran once, `result` is its (JSON) result.
 * - `failed`: the tool ran and threw; `error` is its message (no argument payload).
 * - `pending`: still no decision; wait again and call `execute` in a new step.
 * - `denied`: policy or approval refused (rejected, expired, used up); nothing ran.
 * - `mismatched`: the replayed arguments hash differently from the ticket; nothing ran.
 * - `indeterminate`: an earlier run of this very step started the tool and stopped before
 *   it recorded an outcome (a crash); the tool is never started a second time for this key.
 */
export type DurableOutcome =
  | { status: 'executed'; proposalHash: string; result: unknown }
  | { status: 'failed'; proposalHash: string; error: string }
  | { status: 'pending'; proposalHash: string }
  | { status: 'denied'; proposalHash?: string; reason: string }
  | { status: 'mismatched'; expected: string; actual: string }
  | { status: 'indeterminate'; proposalHash: string; executionKey: string };

/** State of one execution key in an {@link ExecutionLedger}. */
export type LedgerEntry =
  | { state: 'running'; bindingHash: string }
  | { state: 'settled'; bindingHash: string; outcome: DurableOutcome };

/**
 * Durable record of execution steps, keyed by the engine's deterministic step identity
 * (for DBOS `workflowID:stepID`). It is what makes a re-run of a step after a crash safe:
 * a key that reached `running` never starts the tool again, a `settled` key returns its
 * recorded outcome. Implementations: memory (core, for tests and one process) and SQL
 * (`createSqlExecutionLedger` of `@argseal/postgres`).
 */
export interface ExecutionLedger {
  /** The entry for `key`, if any. */
  get(key: string): Promise<LedgerEntry | undefined>;
  /**
   * Atomically creates `key` in state `running` (durable before it resolves) and returns
   * `undefined`, or returns the existing entry unchanged when the key is already known.
   * Called right before the tool starts, after the grant was consumed.
   */
  start(key: string, bindingHash: string): Promise<LedgerEntry | undefined>;
  /** Records the final outcome of a `running` key. */
  settle(key: string, outcome: DurableOutcome): Promise<void>;
}

/** Per-call options of {@link ApprovalWait.request} and {@link ApprovalWait.execute}. */
export interface WaitCallOptions<Context = unknown> {
  /** The provider's id for this call; keep it the same for `request` and `execute`. */
  toolCallId?: string;
  /** Application-owned server context for policies and the tool. */
  context?: Context;
}

/** Options of {@link ApprovalWait.execute}: the step's deterministic identity. */
export interface WaitExecuteOptions<Context = unknown> extends WaitCallOptions<Context> {
  /**
   * The engine's deterministic identity of this step (stable across replays and
   * restarts, different for every step): e.g. `workflowID:stepID`. 1 to 512 characters.
   */
  executionKey: string;
}

/**
 * An engine-neutral approval wait: `request` in one durable step, the engine's own wait
 * (DBOS `recv`, a Workflow hook, a Temporal signal), then `execute` in another durable
 * step. Both read the arguments the engine replays; `execute` re-derives the proposal hash,
 * consumes the grant and runs the tool at most once per execution key.
 */
export interface ApprovalWait<Context = unknown> {
  /** Prepare, policy and a non-consuming look at the approvals: suspends when needed. */
  request(
    tool: ArgsealTool,
    rawArguments: string,
    options?: WaitCallOptions<Context>,
  ): Promise<WaitTicket>;
  /** Re-derive, check the ticket, consume the grant, run once, record the outcome. */
  execute(
    tool: ArgsealTool,
    rawArguments: string,
    ticket: WaitTicket,
    options: WaitExecuteOptions<Context>,
  ): Promise<DurableOutcome>;
}
