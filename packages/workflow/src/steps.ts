import type { DurableOutcome, WaitTicket } from '@argseal/core';
import { getStepMetadata, getWorkflowMetadata } from 'workflow';
import { WorkflowApprovalError } from './errors.js';
import { lookupSealed } from './registry.js';

/** The first step's output: the ticket, and the outcome when nothing has to wait. */
export interface RequestStepOutput {
  ticket: WaitTicket;
  outcome?: DurableOutcome;
}

function resolve(registration: string, toolName: string) {
  const found = lookupSealed(registration);
  if (found === undefined) {
    throw new WorkflowApprovalError(
      'not_registered',
      `no argseal registration "${registration}" in this process (call registerSealedTools at startup)`,
    );
  }
  const tool = found.tools.get(toolName);
  if (tool === undefined) {
    throw new WorkflowApprovalError(
      'unknown_sealed_tool',
      `tool "${toolName}" is not registered in "${registration}"`,
    );
  }
  return { ...found, tool };
}

/** The step's deterministic identity: the same on every retry and replay of this step. */
function executionKey(): string {
  return `${getWorkflowMetadata().workflowRunId}:${getStepMetadata().stepId}`;
}

/**
 * Step: request a decision; when policy (or a live grant) allows at once, execute in the
 * same step under the step's key.
 */
export async function argsealRequestStep(
  registration: string,
  toolName: string,
  rawArguments: string,
  toolCallId: string | undefined,
): Promise<RequestStepOutput> {
  'use step';
  const { wait, tool } = resolve(registration, toolName);
  const opts = toolCallId === undefined ? {} : { toolCallId };
  const ticket = await wait.request(tool, rawArguments, opts);
  if (ticket.status === 'pending') return { ticket };
  const outcome = await wait.execute(tool, rawArguments, ticket, {
    ...opts,
    executionKey: executionKey(),
  });
  return { ticket, outcome };
}

/** Step: consume the grant and run the tool at most once under this step's key. */
export async function argsealExecuteStep(
  registration: string,
  toolName: string,
  rawArguments: string,
  ticket: WaitTicket,
  toolCallId: string | undefined,
): Promise<DurableOutcome> {
  'use step';
  const { wait, tool } = resolve(registration, toolName);
  return wait.execute(tool, rawArguments, ticket, {
    ...(toolCallId === undefined ? {} : { toolCallId }),
    executionKey: executionKey(),
  });
}

/** Step: record (or forget) that the hook `token` waits for `proposalHash`. */
export async function argsealWaitStep(
  registration: string,
  proposalHash: string,
  token: string,
  add: boolean,
): Promise<void> {
  'use step';
  const found = lookupSealed(registration);
  if (found === undefined) {
    throw new WorkflowApprovalError(
      'not_registered',
      `no argseal registration "${registration}" in this process (call registerSealedTools at startup)`,
    );
  }
  if (add) await found.waits.addWait(proposalHash, token);
  else await found.waits.removeWait(proposalHash, token);
}
