import { createAuthorizer, createMemoryApprovalStore, createMemoryAuditLog } from '@argseal/core';
import { verifyAuditChain } from '@argseal/core/store';
import {
  approve,
  argsealMiddleware,
  edit,
  getApprovalRequest,
  reject,
  resumeWith,
} from '@argseal/langchain';
import { ScriptedChatModel, type ScriptedTurn } from '@argseal/test-kit/models/langchain';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import { MemorySaver } from '@langchain/langgraph';
import { createAgent } from 'langchain';
import { c } from './colors.js';
import { createDecisionCollector, type DecisionSummary, summarizeDecision } from './decisions.js';
import { type SupportContext, supportPolicy } from './policy.js';
import { heading, type Log, printDecisions, printer, printRequest, short } from './print.js';
import { type Backend, createBackend, supportTools } from './tools.js';

export interface DemoSummary {
  pausedForApproval: boolean;
  refunds: Backend['refunds'];
  deletedCustomers: string[];
  tamperedRefusals: string[];
  replayRefusals: string[];
  editSupersedesOriginal: boolean;
  rejectionToldModel: boolean;
  auditChainOk: boolean;
  /** A refund for an order outside the server's list paused or ran. */
  foreignRefused: boolean;
  /** Which rule decided each tool call, from the audit `decided` records, in order. */
  decisions: DecisionSummary[];
}

const user = (content: string) => ({ messages: [{ role: 'user', content }] });
// Server context: the signed-in support user and the orders the order service lists.
const context: SupportContext = {
  agentUser: 'sam@support',
  customerOrderIds: ['A-1001', 'B-2002', 'C-3003'],
};

export async function runDemo(options: { log?: Log } = {}): Promise<DemoSummary> {
  const log = options.log ?? ((line: string) => console.log(line));
  const print = printer(log);
  const backend = createBackend();
  const audit = createMemoryAuditLog();
  const approvals = createMemoryApprovalStore({ audit });
  const authorizer = createAuthorizer<SupportContext | undefined>({
    agent: 'support-bot',
    policy: supportPolicy,
    approvals,
    audit,
  });
  const tools = supportTools(backend);
  const checkpointer = new MemorySaver();
  const makeAgent = (turns: ScriptedTurn[]) =>
    createAgent({
      model: new ScriptedChatModel(turns),
      middleware: [argsealMiddleware({ authorizer, tools })],
      checkpointer,
    });
  const config = (thread: string) => ({ configurable: { thread_id: thread }, context });
  const newDecisions = createDecisionCollector(audit);
  const show = async (thread: string, result: { messages: BaseMessage[] }) =>
    print(thread, result.messages, await newDecisions());
  const showDecisions = async () => printDecisions(log, await newDecisions());

  log(
    c.bold(
      'argseal + LangChain createAgent: a support agent, offline (scripted tool-calling model)',
    ),
  );

  heading(log, '1. The model looks up an order, then asks for a refund and an account deletion');
  const ticket1: ScriptedTurn[] = [
    { toolCalls: [{ id: 'call_lookup', name: 'lookup_order', args: '{ "orderId" : "A-1001" }' }] },
    {
      content: 'The parcel arrived damaged. Refunding it in full.',
      toolCalls: [
        {
          id: 'call_refund',
          name: 'refund',
          args: ' { "reason": "damaged", "amountMinor": 12000, "currency": "EUR", "orderId": "A-1001" } ',
        },
        { id: 'call_delete', name: 'delete_customer', args: '{"customerId":"cus_42"}' },
      ],
    },
    { content: 'Your refund of 120.00 EUR is on its way. I cannot delete accounts.' },
  ];
  const agent1 = makeAgent(ticket1);
  const paused = await agent1.invoke(
    user('My parcel A-1001 arrived broken. Refund it and delete my account.'),
    config('t-1001'),
  );
  await show('t-1001', paused);
  const request = getApprovalRequest(paused);
  if (!request) throw new Error('expected a pause for approval');
  log(
    `  ${c.dim('history holds the canonical arguments; the run paused with one LangGraph interrupt:')}`,
  );
  printRequest(log, request);
  const proposal = request.proposals[0]!;

  heading(log, '2. A tampered resume is refused (a decision for a hash that is not pending)');
  const forged = {
    ...proposal,
    proposalHash: proposal.proposalHash.replace(/.$/, (d) => (d === '0' ? '1' : '0')),
  };
  const refused = await agent1.invoke(
    resumeWith({ approver: 'mallory', decisions: [approve(forged)] }),
    config('t-1001'),
  );
  const refusedRequest = getApprovalRequest(refused);
  if (refusedRequest) {
    log(`  ${c.dim('the run pauses again with the same proposal and the reasons:')}`);
    printRequest(log, refusedRequest);
  }
  await showDecisions();
  log(
    `  refunds so far: ${backend.refunds.length}  ${c.dim('(nothing ran; the proposal is still pending)')}`,
  );

  heading(
    log,
    '3. A supervisor approves that exact proposal; the run resumes in a new agent instance',
  );
  const agent1b = makeAgent(ticket1);
  const done = await agent1b.invoke(
    resumeWith({
      approver: 'alice@support',
      decisions: [approve(proposal, { note: 'damage photos checked' })],
    }),
    config('t-1001'),
  );
  await show('t-1001', done);

  heading(log, '4. Replaying that approval from the paused checkpoint executes nothing');
  const history = [];
  for await (const snapshot of agent1b.graph.getStateHistory({
    configurable: { thread_id: 't-1001' },
  })) {
    history.push(snapshot);
  }
  const pausedAt = history.find((s) => s.tasks.some((t) => t.interrupts.length > 0));
  const replay = await agent1b.invoke(
    resumeWith({ approver: 'alice@support', decisions: [approve(proposal)] }),
    {
      ...config('t-1001'),
      configurable: {
        thread_id: 't-1001',
        checkpoint_id: pausedAt?.config.configurable?.checkpoint_id,
      },
    },
  );
  const replayRequest = getApprovalRequest(replay);
  if (replayRequest) printRequest(log, replayRequest);
  // the call already ran on its grant: the replay is refused (approval_used_up) in the
  // tool's answer, and nothing is asked or pending again
  const replayAnswer = (replay.messages as BaseMessage[])
    .filter((m) => m.getType() === 'tool')
    .map((m) => String(m.content))
    .filter((text) => text.includes('code=approval_used_up'));
  if (replayAnswer.length > 0) log(`  ${c.yellow('refused')} replay: approval_used_up`);
  await showDecisions();
  log(`  refunds so far: ${backend.refunds.length}`);

  heading(
    log,
    '5. Edit: the supervisor cuts a 300.00 refund to 80.00 (a new proposal with its own hash)',
  );
  const ticket2: ScriptedTurn[] = [
    {
      toolCalls: [
        {
          id: 'call_big',
          name: 'refund',
          args: '{"orderId":"B-2002","amountMinor":30000,"currency":"EUR"}',
        },
      ],
    },
    { content: 'I refunded what your supervisor approved.' },
  ];
  const agent2 = makeAgent(ticket2);
  const paused2 = await agent2.invoke(user('Refund B-2002 in full please.'), config('t-2002'));
  await show('t-2002', paused2);
  const big = getApprovalRequest(paused2)!.proposals[0]!;
  printRequest(log, getApprovalRequest(paused2)!);
  const edited = await agent2.invoke(
    resumeWith({
      approver: 'alice@support',
      decisions: [
        edit(big, {
          name: 'refund',
          args: {
            orderId: 'B-2002',
            amountMinor: 8000,
            currency: 'EUR',
            reason: 'partial: agreed 80.00',
          },
        }),
      ],
    }),
    config('t-2002'),
  );
  await show('t-2002', edited);
  const editedCall = edited.messages
    .flatMap((m) => (AIMessage.isInstance(m) ? (m.tool_calls ?? []) : []))
    .find((call) => call.id === 'call_big');
  log(
    `  history now says: ${c.bold(editedCall?.name ?? '?')} ${c.dim(JSON.stringify(editedCall?.args))}`,
  );
  const rewritten = (await audit.records()).find(
    (r) => r.type === 'rewritten' && r.supersedes === big.proposalHash,
  );
  if (rewritten?.proposalHash) {
    log(
      `  audit: ${c.magenta(short(rewritten.proposalHash))} supersedes ${c.magenta(short(big.proposalHash))}`,
    );
  }

  heading(log, '6. Reject: the model is told, nothing runs');
  const ticket3: ScriptedTurn[] = [
    {
      toolCalls: [
        {
          id: 'call_dup',
          name: 'refund',
          args: '{"orderId":"C-3003","amountMinor":25000,"currency":"EUR"}',
        },
      ],
    },
    { content: 'Understood, no refund then.' },
  ];
  const agent3 = makeAgent(ticket3);
  const paused3 = await agent3.invoke(user('Refund C-3003.'), config('t-3003'));
  await show('t-3003', paused3);
  const dup = getApprovalRequest(paused3)!.proposals[0]!;
  const rejected = await agent3.invoke(
    resumeWith({
      approver: 'alice@support',
      decisions: [reject(dup, { note: 'already compensated last week' })],
    }),
    config('t-3003'),
  );
  await show('t-3003', rejected);

  heading(log, '7. A refund for an order the server never listed: denied, nobody is asked');
  const ticket4: ScriptedTurn[] = [
    {
      toolCalls: [
        {
          id: 'call_foreign',
          name: 'refund',
          args: '{"orderId":"Z-9999","amountMinor":12000,"currency":"EUR"}',
        },
      ],
    },
    { content: 'I cannot refund that order.' },
  ];
  const agent4 = makeAgent(ticket4);
  const refundsBeforeForeign = backend.refunds.length;
  const foreign = await agent4.invoke(user('Refund Z-9999.'), config('t-9999'));
  await show('t-9999', foreign);
  const foreignRefused =
    getApprovalRequest(foreign) === undefined && backend.refunds.length === refundsBeforeForeign;
  log(
    `  ${foreignRefused ? c.green('refused') : c.red('NOT REFUSED')}: inside allOf, idsFromServerList's deny wins over moneyLimit's approval; no pause, nothing ran`,
  );

  heading(log, '8. The audit trail');
  const records = await audit.records();
  const chain = await verifyAuditChain(records);
  const counts = new Map<string, number>();
  for (const r of records) counts.set(r.type, (counts.get(r.type) ?? 0) + 1);
  log(
    `  ${records.length} hash-chained records: ${[...counts].map(([t, n]) => `${t} ${n}`).join(', ')}`,
  );
  log(`  ${chain.ok ? c.green('chain verified') : c.red('chain broken')}`);
  log(
    `  refunds executed: ${backend.refunds.map((r) => `${r.orderId} ${r.amountMinor}`).join(', ')}`,
  );
  log(`  customers deleted: ${backend.deletedCustomers.length}`);
  const decisions = records.filter((r) => r.type === 'decided').map(summarizeDecision);

  const rejectionText = JSON.stringify(rejected.messages.map((m) => m.content));
  return {
    pausedForApproval: true,
    refunds: backend.refunds,
    deletedCustomers: backend.deletedCustomers,
    tamperedRefusals: (refusedRequest?.refused ?? []).map((r) => r.code),
    replayRefusals: [
      ...(replayRequest?.refused ?? []).map((r) => r.code),
      ...replayAnswer.map(() => 'approval_used_up'),
    ],
    editSupersedesOriginal: rewritten !== undefined,
    rejectionToldModel: rejectionText.includes('already compensated last week'),
    auditChainOk: chain.ok,
    foreignRefused,
    decisions,
  };
}
