import {
  type ArgsealTool,
  type Authorizer,
  assertKnownOptions,
  createApprovalWait,
  type DurableOutcome,
  type WaitTicket,
} from '@argseal/core';
import { DBOS } from '@dbos-inc/dbos-sdk';
import { DbosApprovalError } from './errors.js';
import type { DbosLedger } from './sql-ledger.js';
import { type DecisionMessage, decisionTopic } from './topic.js';

/** Options of {@link createDbosApprovals}. */
export interface DbosApprovalsOptions<Context = unknown> {
  /** The authorizer whose policy, approval store and audit the steps use. */
  authorizer: Authorizer<Context>;
  /** The SQL ledger on the workflows' database ({@link createDbosLedger}). */
  ledger: DbosLedger;
}

/** Per-call options of {@link DbosApprovals.callTool}. */
export interface DbosCallOptions<Context = unknown> {
  /** The model's id for this call. */
  toolCallId?: string;
  /** Application-owned server context for policy and tool (not recorded by DBOS). */
  context?: Context;
  /** How long one wait for a decision lasts, durably (DBOS `recv`). Default one day. */
  timeoutSeconds?: number;
}

/** Sealed tool calls inside DBOS workflows. */
export interface DbosApprovals<Context = unknown> {
  /**
   * Call from inside a DBOS workflow: a `request` step, then, when a person must decide, a
   * durable `recv` on the proposal's topic and an `execute` step that consumes the grant
   * and runs the tool at most once. Returns `pending` when `timeoutSeconds` passed without
   * a decision.
   */
  callTool(
    tool: ArgsealTool,
    rawArguments: string,
    options?: DbosCallOptions<Context>,
  ): Promise<DurableOutcome>;
}

const OPTION_KEYS = ['authorizer', 'ledger'] as const;
const CALL_KEYS = ['toolCallId', 'context', 'timeoutSeconds'] as const;
const DAY = 86_400;

/**
 * Creates sealed DBOS tool calls. Register your workflow with `DBOS.registerWorkflow` and
 * call `callTool` inside it; decisions made through a store wrapped by
 * {@link wakeWorkflowsOnDecide} wake the waiting workflow.
 *
 * @throws {DbosApprovalError} `invalid_dbos_options` for a missing option.
 * @throws {UnknownOptionError} `unknown_option` (core) for an unknown option.
 */
export function createDbosApprovals<Context = unknown>(
  options: DbosApprovalsOptions<Context>,
): DbosApprovals<Context> {
  if (options === null || typeof options !== 'object') {
    throw new DbosApprovalError(
      'invalid_dbos_options',
      'createDbosApprovals needs an options object',
    );
  }
  assertKnownOptions('createDbosApprovals', options, OPTION_KEYS);
  const { authorizer, ledger } = options;
  if (!authorizer || typeof authorizer.prepare !== 'function') {
    throw new DbosApprovalError(
      'invalid_dbos_options',
      'createDbosApprovals: "authorizer" is required',
    );
  }
  if (!ledger || typeof ledger.addWait !== 'function') {
    throw new DbosApprovalError(
      'invalid_dbos_options',
      'createDbosApprovals: "ledger" must come from createDbosLedger',
    );
  }
  const wait = createApprovalWait({ authorizer, ledger });

  return {
    async callTool(tool, rawArguments, callOptions = {}) {
      assertKnownOptions(`callTool of "${tool?.name}"`, callOptions, CALL_KEYS);
      const workflowId = DBOS.workflowID;
      if (workflowId === undefined) {
        throw new DbosApprovalError(
          'not_in_workflow',
          `callTool of "${tool.name}" must run inside a DBOS workflow (DBOS.registerWorkflow)`,
        );
      }
      const timeout = callOptions.timeoutSeconds ?? DAY;
      if (!Number.isFinite(timeout) || timeout <= 0) {
        throw new DbosApprovalError(
          'invalid_dbos_options',
          `callTool of "${tool.name}": timeoutSeconds must be a positive number`,
        );
      }
      const callOpts = {
        ...(callOptions.toolCallId !== undefined ? { toolCallId: callOptions.toolCallId } : {}),
        ...(callOptions.context !== undefined ? { context: callOptions.context } : {}),
      };
      const executeNow = (ticket: WaitTicket) =>
        wait.execute(tool, rawArguments, ticket, {
          ...callOpts,
          executionKey: `${workflowId}:${DBOS.stepID}`,
        });
      // One step when policy allows at once: a re-run of it requests again (idempotent) and
      // the ledger key keeps the tool from starting twice.
      const first = await DBOS.runStep(
        async (): Promise<{ ticket: WaitTicket; outcome?: DurableOutcome }> => {
          const ticket = await wait.request(tool, rawArguments, callOpts);
          return ticket.status === 'pending'
            ? { ticket }
            : { ticket, outcome: await executeNow(ticket) };
        },
        { name: 'argseal.call' },
      );
      const ticket = first.ticket;
      if (ticket.status !== 'pending' || first.outcome !== undefined) {
        return first.outcome as DurableOutcome;
      }
      const execute = () => DBOS.runStep(() => executeNow(ticket), { name: 'argseal.execute' });

      await DBOS.runStep(() => ledger.addWait(ticket.proposalHash, workflowId), {
        name: 'argseal.wait',
      });
      // A decision made between the request and the wait's registration sent no message:
      // the store is read once after registering, before the first recv.
      let message: DecisionMessage | null | undefined;
      for (;;) {
        const outcome = await execute();
        if (outcome.status !== 'pending' || message === null) {
          await DBOS.runStep(() => ledger.removeWait(ticket.proposalHash, workflowId), {
            name: 'argseal.wait_done',
          });
          return outcome;
        }
        // no decision yet, or a wake-up without a live grant (a four-eyes vote): wait
        message = await DBOS.recv<DecisionMessage>(decisionTopic(ticket.proposalHash), timeout);
      }
    },
  };
}
