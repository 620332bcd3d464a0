import type { Authorizer } from '../authorizer/types.js';
import { ArgsealError } from '../errors.js';
import { assertKnownOptions } from '../options/known-options.js';
import type { ArgsealTool } from '../tool/types.js';
import { DurableWaitError } from './errors.js';
import type {
  ApprovalWait,
  DurableOutcome,
  ExecutionLedger,
  WaitCallOptions,
  WaitExecuteOptions,
  WaitTicket,
} from './types.js';

/** Options of {@link createApprovalWait}. */
export interface ApprovalWaitOptions<Context = unknown> {
  /** The authorizer whose policy, approval store and audit every step uses. */
  authorizer: Authorizer<Context>;
  /** Durable record of execution steps (SQL in production: `createSqlExecutionLedger` of `@argseal/postgres`). */
  ledger: ExecutionLedger;
}

const OPTION_KEYS = ['authorizer', 'ledger'] as const;
const CALL_KEYS = ['toolCallId', 'context'] as const;
const EXECUTE_KEYS = ['toolCallId', 'context', 'executionKey'] as const;
const MAX_KEY = 512;

function callOptions<Context>(tool: ArgsealTool, options: WaitCallOptions<Context> | undefined) {
  const out: { toolCallId?: string; context?: Context } = {};
  if (options?.toolCallId !== undefined) out.toolCallId = options.toolCallId;
  if (options?.context !== undefined) out.context = options.context;
  void tool;
  return out;
}

function assertText(tool: ArgsealTool, rawArguments: unknown): asserts rawArguments is string {
  if (typeof rawArguments !== 'string') {
    throw new DurableWaitError(
      'invalid_arguments_text',
      `tool "${tool.name}": a durable wait takes the model's raw argument text (a string), which the engine records and replays`,
    );
  }
}

function assertTicket(tool: ArgsealTool, ticket: WaitTicket): void {
  const ok =
    ticket !== null &&
    typeof ticket === 'object' &&
    (ticket.status === 'ready' || ticket.status === 'pending' || ticket.status === 'denied') &&
    ticket.tool === tool.name &&
    (ticket.status === 'denied' || /^[0-9a-f]{64}$/.test(ticket.proposalHash));
  if (!ok) {
    throw new DurableWaitError(
      'invalid_ticket',
      `tool "${tool.name}": execute needs the ticket that request returned for this tool`,
    );
  }
}

function errorText(error: unknown): string {
  if (ArgsealError.isInstance(error)) return error.code;
  if (error instanceof Error) return error.name;
  return 'tool_failed';
}

/**
 * Creates an engine-neutral {@link ApprovalWait}. Run `request` as one durable step, wait
 * for the decision with the engine's own primitive, then run `execute` as another durable
 * step with the step's deterministic key. What each engine guarantees on top is in the
 * READMEs of `@argseal/dbos` and `@argseal/workflow`.
 *
 * @throws {DurableWaitError} `invalid_wait_options` for a missing authorizer / ledger.
 * @throws {UnknownOptionError} `unknown_option` for an unknown option (here, and in the
 *   options of `request` and `execute`).
 */
export function createApprovalWait<Context = unknown>(
  options: ApprovalWaitOptions<Context>,
): ApprovalWait<Context> {
  if (options === null || typeof options !== 'object') {
    throw new DurableWaitError(
      'invalid_wait_options',
      'createApprovalWait needs an options object',
    );
  }
  assertKnownOptions('createApprovalWait', options, OPTION_KEYS);
  const { authorizer, ledger } = options;
  if (!authorizer || typeof authorizer.prepare !== 'function') {
    throw new DurableWaitError(
      'invalid_wait_options',
      'createApprovalWait: "authorizer" is required',
    );
  }
  if (
    !ledger ||
    typeof ledger.get !== 'function' ||
    typeof ledger.start !== 'function' ||
    typeof ledger.settle !== 'function'
  ) {
    throw new DurableWaitError('invalid_wait_options', 'createApprovalWait: "ledger" is required');
  }

  return {
    async request(tool, rawArguments, callOpts) {
      assertText(tool, rawArguments);
      if (callOpts !== undefined)
        assertKnownOptions(`request of "${tool.name}"`, callOpts, CALL_KEYS);
      const prepared = await authorizer.prepare(tool, rawArguments, callOptions(tool, callOpts));
      if (!prepared.ok) {
        return { status: 'denied', tool: tool.name, reason: prepared.refusal.code };
      }
      const attempt = prepared.attempt;
      const check = await attempt.check();
      switch (check.type) {
        case 'allow':
        case 'approved':
          return {
            status: 'ready',
            tool: tool.name,
            proposalHash: attempt.proposalHash,
            bindingHash: attempt.bindingHash,
          };
        case 'deny':
          return {
            status: 'denied',
            tool: tool.name,
            proposalHash: attempt.proposalHash,
            reason: check.reason,
          };
        case 'suspended':
          return {
            status: 'pending',
            tool: tool.name,
            proposalHash: attempt.proposalHash,
            bindingHash: attempt.bindingHash,
            proposalId: check.proposal.id,
            reason: check.proposal.reason,
          };
      }
    },

    async execute(tool, rawArguments, ticket, execOpts: WaitExecuteOptions<Context>) {
      assertText(tool, rawArguments);
      assertTicket(tool, ticket);
      if (execOpts === null || typeof execOpts !== 'object') {
        throw new DurableWaitError(
          'invalid_execution_key',
          `execute of "${tool.name}" needs { executionKey }`,
        );
      }
      assertKnownOptions(`execute of "${tool.name}"`, execOpts, EXECUTE_KEYS);
      const key = execOpts.executionKey;
      if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY) {
        throw new DurableWaitError(
          'invalid_execution_key',
          `execute of "${tool.name}": executionKey must be the engine's step identity (1 to ${MAX_KEY} characters)`,
        );
      }
      if (ticket.status === 'denied') {
        return {
          status: 'denied',
          reason: ticket.reason,
          ...(ticket.proposalHash ? { proposalHash: ticket.proposalHash } : {}),
        };
      }
      // A settled key is the answer, whatever the store says now: replays never run twice.
      const known = await ledger.get(key);
      if (known?.state === 'settled') return known.outcome;
      if (known?.state === 'running') {
        return { status: 'indeterminate', proposalHash: ticket.proposalHash, executionKey: key };
      }

      const prepared = await authorizer.prepare(tool, rawArguments, {
        ...callOptions(tool, execOpts),
        resumeOf: ticket.proposalHash,
      });
      if (!prepared.ok) {
        return {
          status: 'denied',
          proposalHash: ticket.proposalHash,
          reason: prepared.refusal.code,
        };
      }
      const attempt = prepared.attempt;
      if (attempt.proposalHash !== ticket.proposalHash) {
        return {
          status: 'mismatched',
          expected: ticket.proposalHash,
          actual: attempt.proposalHash,
        };
      }
      const look = await attempt.check();
      if (look.type === 'suspended')
        return { status: 'pending', proposalHash: attempt.proposalHash };
      if (look.type === 'deny') {
        return { status: 'denied', proposalHash: attempt.proposalHash, reason: look.reason };
      }

      // Nothing is recorded for this key yet: the tool has not started under it. authorize
      // re-runs policy and consumes the grant atomically (a spent grant suspends again).
      const auth = await attempt.authorize();
      if (auth.type === 'suspended')
        return { status: 'pending', proposalHash: attempt.proposalHash };
      if (auth.type === 'deny') {
        return { status: 'denied', proposalHash: attempt.proposalHash, reason: auth.reason };
      }
      // Durable before the tool starts: a re-run of this step never starts it again.
      const started = await ledger.start(key, attempt.bindingHash);
      if (started?.state === 'settled') return started.outcome;
      if (started?.state === 'running') {
        return { status: 'indeterminate', proposalHash: attempt.proposalHash, executionKey: key };
      }
      const ran = await attempt.execute();
      let outcome: DurableOutcome;
      if (ran.status === 'executed') {
        outcome = {
          status: 'executed',
          proposalHash: attempt.proposalHash,
          result: toJson(ran.result),
        };
      } else if (ran.status === 'failed') {
        outcome = {
          status: 'failed',
          proposalHash: attempt.proposalHash,
          error: errorText(ran.error),
        };
      } else {
        outcome = {
          status: 'denied',
          proposalHash: attempt.proposalHash,
          reason: ran.status === 'denied' ? ran.reason : ran.status,
        };
      }
      await ledger.settle(key, outcome);
      return outcome;
    },
  };
}

/** The tool's result as JSON data (engines record step outputs as JSON). */
function toJson(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value)) as unknown;
}
