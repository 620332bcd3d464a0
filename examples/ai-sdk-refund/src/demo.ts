import { sealTools } from '@argseal/ai-sdk';
import { createAuthorizer, createMemoryApprovalStore, createMemoryAuditLog } from '@argseal/core';
import { verifyAuditChain } from '@argseal/core/store';
import { generateText, type ModelMessage, stepCountIs } from 'ai';
import { c } from './colors.js';
import { createDecisionCollector, type DecisionSummary, summarizeDecision } from './decisions.js';
import { chooseModel } from './model.js';
import { type SupportContext, supportPolicy } from './policy.js';
import { approveMessage, heading, type Log, pendingRequests, printTurn, short } from './print.js';
import { createScriptedSupportModel } from './scripted-model.js';
import { createBackend, createTools } from './tools.js';

export interface DemoOptions {
  /** `auto` uses a real model when OPENAI_API_KEY is set (see model.ts). Default `auto`. */
  model?: 'scripted' | 'auto';
  log?: Log;
}

export interface DemoSummary {
  modelLabel: string;
  pausedForApproval: boolean;
  refunds: { orderId: string; amount: number; currency: string }[];
  /** Which rule decided each tool call, from the audit `decided` records, in order. */
  decisions: DecisionSummary[];
  deletedCustomers: string[];
  replayExecutedMore: boolean;
  /** A refund for an order outside the server's list ran or was queued for approval. */
  foreignOrderRefused: boolean;
  tamperedExecuted: boolean;
  approvedHash: string;
  tamperedHash: string | undefined;
  auditRecords: number;
  auditChainOk: boolean;
}

const USER = 'My order A-1001 arrived damaged. Please refund the 120.00 EUR and delete my account.';

export async function runDemo(options: DemoOptions = {}): Promise<DemoSummary> {
  const log = options.log ?? ((line: string) => console.log(line));
  const backend = createBackend();
  const audit = createMemoryAuditLog();
  const approvals = createMemoryApprovalStore({ audit });
  const authorizer = createAuthorizer<SupportContext>({
    agent: 'support-agent',
    policy: supportPolicy,
    approvals,
    audit,
  });
  // The server's context: the customer's own orders, as the order service lists them.
  const context: SupportContext = {
    operator: 'demo',
    customerOrderIds: [...backend.orders.keys()],
  };
  const sealed = sealTools(createTools(backend), { authorizer, context });
  const newDecisions = createDecisionCollector(audit);
  const { model, label } = await chooseModel(options.model ?? 'auto');
  const run = async (messages: ModelMessage[], m = model) => {
    const result = await generateText({
      ...sealed.settings(m),
      messages,
      stopWhen: stepCountIs(6),
    });
    printTurn(log, result.responseMessages, await newDecisions());
    return [...messages, ...result.responseMessages];
  };

  log(c.bold('argseal × Vercel AI SDK: support agent') + c.dim(`  (${label})`));
  heading(log, '1. The customer asks; the agent works until a call needs a human');
  log(`  ${c.magenta('user')}   ${USER}`);
  const paused = await run([{ role: 'user', content: USER }]);
  const pending = await approvals.listPending();
  const proposal = pending[0];

  heading(log, '2. A supervisor approves on the server, bound to the proposal hash');
  if (proposal === undefined) {
    log(c.yellow('  the model did not propose an approval-sized refund; nothing to approve'));
  } else {
    log(`  ${c.yellow('pending')} ${proposal.tool} ${c.dim(proposal.argsCanonicalJson)}`);
    log(`          hash ${c.bold(short(proposal.proposalHash))}  reason: ${proposal.reason}`);
    await approvals.decide(proposal.proposalHash, {
      decision: 'approve',
      approver: 'alice@support',
    });
    log(`  ${c.green('approved')} by alice@support (one use)`);
  }

  heading(log, '3. The client resumes with the SDK approval response; the refund runs once');
  const resumeMessages = [...paused, approveMessage(paused)];
  await run(resumeMessages);
  log(`  ${c.dim('backend refunds:')} ${JSON.stringify(backend.refunds)}`);

  heading(log, '4. The same resume replayed: no grant left, nothing runs again');
  const before = backend.refunds.length;
  await run(resumeMessages);
  const replayExecutedMore = backend.refunds.length !== before;
  log(
    `  ${replayExecutedMore ? c.red('executed again!') : c.green('refused')} refunds still ${backend.refunds.length}`,
  );

  heading(log, '5. A tampered resume: approved 120.00, history edited to 9900.00 before resuming');
  const attacker = await run([{ role: 'user', content: USER }], createScriptedSupportModel());
  const second = (await approvals.listPending()).find((p) => p.tool === 'refund');
  if (second)
    await approvals.decide(second.proposalHash, { decision: 'approve', approver: 'alice@support' });
  const tampered = structuredClone([...attacker, approveMessage(attacker)]);
  for (const m of tampered) {
    if (m.role !== 'assistant' || !Array.isArray(m.content)) continue;
    for (const part of m.content) {
      if (part.type === 'tool-call' && part.toolName === 'refund') {
        part.input = { ...(part.input as object), amount: 990000 };
      }
    }
  }
  log(`  ${c.red('edited')} refund amount in the stored history: 12000 → 990000`);
  const refundsBefore = backend.refunds.length;
  await run(tampered, createScriptedSupportModel());
  const tamperedExecuted = backend.refunds.length !== refundsBefore;
  const fresh = (await approvals.listPending()).find(
    (p) => p.tool === 'refund' && p.proposalHash !== second?.proposalHash,
  );
  log(
    `  ${tamperedExecuted ? c.red('EXECUTED') : c.green('refused')}: approved hash ${short(second?.proposalHash ?? '')}, edited call hashes to ${c.bold(short(fresh?.proposalHash ?? 'none'))} (new pending proposal)`,
  );

  heading(log, '6. A refund for an order the server never listed for this customer: denied');
  const otherUser = 'Refund order B-2002 (120.00 EUR), it arrived damaged.';
  log(`  ${c.magenta('user')}   ${otherUser}`);
  const pendingBefore = (await approvals.listPending()).length;
  const refundsBeforeForeign = backend.refunds.length;
  await run(
    [{ role: 'user', content: otherUser }],
    createScriptedSupportModel({ orderId: 'B-2002' }),
  );
  const foreignOrderRefused =
    backend.refunds.length === refundsBeforeForeign &&
    (await approvals.listPending()).length === pendingBefore;
  log(
    `  ${foreignOrderRefused ? c.green('refused') : c.red('NOT REFUSED')}: allOf lets idsFromServerList's deny win over moneyLimit's approval; nothing pending, nothing ran`,
  );

  heading(log, '7. Audit trail');
  const records = await audit.records();
  const chain = await verifyAuditChain(records);
  const counts = new Map<string, number>();
  for (const r of records) counts.set(r.type, (counts.get(r.type) ?? 0) + 1);
  log(
    `  ${records.length} hash-chained records: ${[...counts].map(([t, n]) => `${t}×${n}`).join(', ')}`,
  );
  log(`  chain ${chain.ok ? c.green('verified') : c.red('BROKEN')}`);
  const decisions = records.filter((r) => r.type === 'decided').map(summarizeDecision);
  log('');

  return {
    modelLabel: label,
    pausedForApproval: pendingRequests(paused).length > 0,
    refunds: backend.refunds,
    decisions,
    deletedCustomers: backend.deletedCustomers,
    replayExecutedMore,
    foreignOrderRefused,
    tamperedExecuted,
    approvedHash: second?.proposalHash ?? '',
    tamperedHash: fresh?.proposalHash,
    auditRecords: records.length,
    auditChainOk: chain.ok,
  };
}
