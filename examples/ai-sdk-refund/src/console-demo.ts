import { sealTools } from '@argseal/ai-sdk';
import { createConsoleApprovalStore, createConsoleAuditSink } from '@argseal/console';
import { type ApprovalStore, createAuthorizer } from '@argseal/core';
import type { SuspendedToolProposal } from '@argseal/core/store';
import { generateText, type ModelMessage, stepCountIs } from 'ai';
import { c } from './colors.js';
import { CONSOLE_AGENT, type ConsoleModeOptions } from './console-options.js';
import { createDecisionCollector } from './decisions.js';
import { chooseModel } from './model.js';
import { type SupportContext, supportPolicy } from './policy.js';
import { approveMessage, heading, type Log, pendingRequests, printTurn } from './print.js';
import { createRecordingAuditSink } from './recording-audit.js';
import { createBackend, createTools } from './tools.js';

export interface ConsoleDemoOptions extends ConsoleModeOptions {
  /** `auto` uses a real model when OPENAI_API_KEY is set (see model.ts). Default `auto`. */
  model?: 'scripted' | 'auto';
  log?: Log;
}

interface ConsoleDecision {
  proposalId: string;
  proposalHash: string;
  decision: 'approve' | 'reject' | 'timeout';
  decidedBy?: string;
}

export interface ConsoleDemoSummary {
  /**
   * `executed`: approved and ran once; `rejected`: nothing ran; `timeout`: nobody decided in
   * time; `not_executed`: approved, but the grant was gone when the agent resumed.
   */
  outcome: 'executed' | 'rejected' | 'timeout' | 'not_executed' | 'no_approval_needed';
  decisions: ConsoleDecision[];
  refunds: { orderId: string; amount: number; currency: string }[];
  /** Audit records this process appended to the console's trail. */
  auditRecords: number;
}

const USER = 'My order A-1001 arrived damaged. Please refund the 120.00 EUR and delete my account.';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (peek uses nothing up) until an approver decides the proposal in the console. */
async function waitForDecision(
  approvals: ApprovalStore,
  proposal: SuspendedToolProposal,
  options: ConsoleModeOptions,
): Promise<ConsoleDecision> {
  const base = { proposalId: proposal.id, proposalHash: proposal.proposalHash };
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const peek = await approvals.peek(proposal.bindingHash);
    if (peek.live) return { ...base, decision: 'approve', decidedBy: peek.grant.approver };
    if (peek.reason === 'rejected') {
      const stored = await approvals.getProposal(proposal.id);
      return {
        ...base,
        decision: 'reject',
        ...(stored?.decidedBy ? { decidedBy: stored.decidedBy } : {}),
      };
    }
    if (Date.now() >= deadline) return { ...base, decision: 'timeout' };
    await sleep(options.pollMs);
  }
}

/**
 * Console mode: the approval store and audit sink are the console's HTTP ones. The agent
 * pauses on the refund, a person approves or rejects it in the console's web page, and the
 * agent resumes: the refund executes exactly once, or (rejected) nothing runs.
 */
export async function runConsoleDemo(options: ConsoleDemoOptions): Promise<ConsoleDemoSummary> {
  const log = options.log ?? ((line: string) => console.log(line));
  const backend = createBackend();
  const client = { url: options.url, token: options.token };
  const approvals = createConsoleApprovalStore(client);
  const audit = createRecordingAuditSink(createConsoleAuditSink(client));
  const authorizer = createAuthorizer<SupportContext>({
    agent: CONSOLE_AGENT,
    policy: supportPolicy,
    approvals,
    audit,
  });
  const context: SupportContext = {
    operator: 'console-demo',
    customer: 'C-42 (Dana Ruiz)',
    conversation: 'chat-2026-0042',
    customerOrderIds: [...backend.orders.keys()],
  };
  // Fail fast on a wrong URL or token (before the model runs): lists this agent's pending proposals.
  await approvals.listProposals({ status: 'pending', limit: 1 });
  const sealed = sealTools(createTools(backend), { authorizer, context });
  const newDecisions = createDecisionCollector(audit);
  const { model, label } = await chooseModel(options.model ?? 'auto');
  const run = async (messages: ModelMessage[]) => {
    const result = await generateText({
      ...sealed.settings(model),
      messages,
      stopWhen: stepCountIs(6),
    });
    printTurn(log, result.responseMessages, await newDecisions());
    return [...messages, ...result.responseMessages];
  };
  const consoleUrl = options.url.replace(/(?<!\/)\/+$/, '');
  const finish = async (
    outcome: ConsoleDemoSummary['outcome'],
    decisions: ConsoleDecision[],
  ): Promise<ConsoleDemoSummary> => {
    const auditRecords = (await audit.records()).length;
    heading(log, 'Audit trail');
    log(
      `  ${auditRecords} records appended to the console's hash-chained trail as ${CONSOLE_AGENT}`,
    );
    log(c.dim(`  the console verifies the chain: see "Audit trail" at ${consoleUrl}/`));
    log('');
    return { outcome, decisions, refunds: backend.refunds, auditRecords };
  };

  log(
    c.bold('argseal × Vercel AI SDK: support agent, approvals in the console') +
      c.dim(`  (${label})`),
  );
  log(`  ${c.dim('console')} ${consoleUrl}  ${c.dim('agent')} ${CONSOLE_AGENT}`);
  heading(log, '1. The customer asks; the agent works until a call needs a human');
  log(`  ${c.magenta('user')}   ${USER}`);
  const paused = await run([{ role: 'user', content: USER }]);
  const proposals = pendingRequests(paused)
    .map((request) => sealed.proposalFor(request.toolCallId as string))
    .filter((p): p is SuspendedToolProposal => p !== undefined);
  if (proposals.length === 0) {
    log(
      c.yellow(
        '  nothing waits for approval (no approval-sized refund, or a live grant covered it)',
      ),
    );
    log(`  ${c.dim('backend refunds:')} ${JSON.stringify(backend.refunds)}`);
    return finish('no_approval_needed', []);
  }

  heading(log, '2. The proposal waits in the console: approve it in the browser');
  const decisions: ConsoleDecision[] = [];
  for (const proposal of proposals) {
    log(`  ${c.yellow('pending')}  ${proposal.tool} ${c.dim(proposal.argsCanonicalJson)}`);
    log(`  proposal ${proposal.id}`);
    log(`  hash     ${c.bold(proposal.proposalHash)}`);
    log(`  reason   ${proposal.reason}`);
    log(`  open     ${consoleUrl}/#/p/${encodeURIComponent(proposal.id)}`);
    log(
      `  ${c.bold('approve it in the console')} ${c.dim(`(waiting up to ${Math.round(options.timeoutMs / 1000)} s, asking every ${options.pollMs / 1000} s)`)}`,
    );
    const decision = await waitForDecision(approvals, proposal, options);
    decisions.push(decision);
    if (decision.decision === 'timeout') {
      log(c.red(`  no decision in time: nothing ran; the proposal stays pending in the console`));
      return finish('timeout', decisions);
    }
    log(
      decision.decision === 'approve'
        ? `  ${c.green('approved')} in the console by ${decision.decidedBy}`
        : `  ${c.red('rejected')} in the console by ${decision.decidedBy ?? 'an approver'}`,
    );
  }

  const approved = decisions.every((d) => d.decision === 'approve');
  heading(
    log,
    approved
      ? '3. The agent resumes; the console grant is consumed and the refund runs once'
      : '3. The agent resumes; the rejection in the console holds',
  );
  const before = backend.refunds.length;
  await run([...paused, approveMessage(paused)]);
  const ran = backend.refunds.slice(before);
  log(`  ${c.dim('backend refunds:')} ${JSON.stringify(backend.refunds)}`);
  if (ran.length > 0) {
    log(`  ${c.green('executed')} refund once: ${JSON.stringify(ran)}`);
    return finish('executed', decisions);
  }
  if (approved) {
    log(`  ${c.red('not executed')}: the grant was no longer live (expired or used elsewhere)`);
    return finish('not_executed', decisions);
  }
  log(`  ${c.red('rejected')}: nothing ran`);
  return finish('rejected', decisions);
}
