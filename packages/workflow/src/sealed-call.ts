import { assertKnownOptions, type DurableOutcome } from '@argseal/core';
import { createHook, getWorkflowMetadata } from 'workflow';
import { type DecisionMessage, decisionHookToken } from './hook-token.js';
import { argsealExecuteStep, argsealRequestStep, argsealWaitStep } from './steps.js';

/** Per-call options of {@link callSealedTool}. */
export interface SealedCallOptions {
  /** The model's id for this call. */
  toolCallId?: string;
  /** The registration to use (default `"default"`, see `registerSealedTools`). */
  registration?: string;
}

/**
 * Call from inside a `"use workflow"` function: a request step; when a person must decide,
 * a hook with a deterministic token (`argseal:<proposalHash>:<runId>`) and an execute step
 * that consumes the grant and runs the tool at most once; while the outcome is `pending`
 * (no decision yet, or a wake-up without a live grant) it waits on the hook again.
 *
 * @throws {UnknownOptionError} `unknown_option` (core) for an unknown option, before any step.
 */
export async function callSealedTool(
  toolName: string,
  rawArguments: string,
  options: SealedCallOptions = {},
): Promise<DurableOutcome> {
  assertKnownOptions('callSealedTool', options, ['toolCallId', 'registration']);
  const registration = options.registration ?? 'default';
  const toolCallId = options.toolCallId;
  const first = await argsealRequestStep(registration, toolName, rawArguments, toolCallId);
  if (first.outcome !== undefined || first.ticket.status !== 'pending') {
    return first.outcome as DurableOutcome;
  }
  const ticket = first.ticket;
  const token = decisionHookToken(ticket.proposalHash, getWorkflowMetadata().workflowRunId);
  await argsealWaitStep(registration, ticket.proposalHash, token, true);
  // The hook is registered with the engine when the run suspends on the execute step below,
  // so that step's read of the store comes after it: a decision made before the hook
  // existed is read there; a decision made after resumes the hook.
  const hook = createHook<DecisionMessage>({ token });
  const wakeUps = hook[Symbol.asyncIterator]();
  try {
    for (;;) {
      const outcome = await argsealExecuteStep(
        registration,
        toolName,
        rawArguments,
        ticket,
        toolCallId,
      );
      if (outcome.status !== 'pending') return outcome;
      await wakeUps.next();
    }
  } finally {
    hook.dispose();
    await argsealWaitStep(registration, ticket.proposalHash, token, false);
  }
}
