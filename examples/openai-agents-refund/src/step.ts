// One process of the demo: `tsx src/step.ts <dir> chat|review|resume|replay|tamper|foreign`.
// The last stdout line is `@@result <json>` for the orchestrator (src/main.ts).
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isArgsealRefusal } from '@argseal/openai-agents';
import {
  assistantText,
  functionCall,
  type ScriptedOutput,
} from '@argseal/test-kit/models/openai-agents';
import { RunState, run } from '@openai/agents';
import { readBackend } from './backend.js';
import { bold, cyan, dim, green, red, short, yellow } from './colors.js';
import { createDecisionCollector, type DecisionLines, printDecisions } from './decisions.js';
import { openWorld } from './world.js';

const [dir = '', step = ''] = process.argv.slice(2);
const statePath = join(dir, 'state.json');
const approvedPath = join(dir, 'approved-state.json');

const CHAT: ScriptedOutput[] = [
  [functionCall('call_lookup', 'lookup_order', '{"orderId":"A-1001"}')],
  [
    // the model tries two things in one turn: a forbidden delete and a big refund
    functionCall('call_delete', 'delete_customer', '{"customerId":"C-42"}'),
    functionCall(
      'call_refund',
      'refund',
      '{ "reason": "arrived broken",  "orderId": "A-1001", "amount": 12000, "currency": "EUR" }',
    ),
  ],
];
// an order the server does not list for this customer (it belongs to someone else)
const FOREIGN: ScriptedOutput[] = [
  [
    functionCall(
      'call_foreign',
      'refund',
      '{"orderId":"B-2002","amount":8000,"currency":"EUR","reason":"arrived broken"}',
    ),
  ],
  [assistantText('I cannot refund order B-2002.')],
];
const AFTER = [[assistantText('The refund of 120.00 EUR for order A-1001 is done.')]];

/** Prints calls and results; under each call, the policy rule that decided it. */
function printResults(history: unknown[], decisions: DecisionLines) {
  for (const item of history as {
    type: string;
    callId?: string;
    name?: string;
    arguments?: string;
    output?: { text?: string };
  }[]) {
    if (item.type === 'function_call') {
      console.log(`  ${dim('model →')} ${bold(item.name)} ${item.arguments}`);
      printDecisions(decisions, item.callId ?? '');
    } else if (item.type === 'function_call_result') {
      printDecisions(decisions, item.callId ?? '');
      const text = item.output?.text ?? JSON.stringify(item.output);
      const paint = isArgsealRefusal(text) ? (text.includes('denied') ? red : yellow) : green;
      console.log(`  ${dim('tool  →')} ${paint(text)}`);
    }
  }
}

const world = await openWorld(dir, step === 'chat' ? CHAT : step === 'foreign' ? FOREIGN : AFTER);
const newDecisions = await createDecisionCollector(world.audit);
let result: Record<string, unknown> = {};
try {
  if (step === 'chat') {
    const out = await run(
      world.agent,
      'Order A-1001 arrived broken. Refund it, and delete my account.',
    );
    const decisions = await newDecisions();
    printResults(out.history, decisions);
    writeFileSync(statePath, out.state.toString());
    const pending = await world.seal.pending(out.state);
    for (const p of pending) {
      console.log(`  ${yellow('⏸ paused')} ${bold(p.tool)} ${p.argsCanonicalJson}`);
      printDecisions(decisions, p.toolCallId);
      console.log(
        `    ${dim('proposal')} ${short(p.proposalHash ?? '')}  ${dim('reason')} ${p.proposal?.reason}`,
      );
    }
    printDecisions(decisions);
    console.log(`  ${dim('RunState stored as text:')} ${statePath}`);
    result = { paused: out.interruptions.length, proposalHash: pending[0]?.proposalHash };
  } else if (step === 'review') {
    const state = await RunState.fromString(world.agent, readFileSync(statePath, 'utf8'));
    for (const p of await world.seal.pending(state)) {
      console.log(
        `  ${cyan('reviewing')} ${bold(p.tool)} ${JSON.stringify(p.arguments)} ${dim(p.status)}`,
      );
      const grant = await world.seal.approve(state, p.interruption, { approver: 'alice@support' });
      console.log(
        `  ${green('✔ approved')} by ${grant.approver} for proposal ${short(grant.proposalHash)} (uses: ${grant.usesLeft})`,
      );
    }
    writeFileSync(statePath, state.toString());
    copyFileSync(statePath, approvedPath);
  } else if (step === 'resume' || step === 'replay' || step === 'tamper') {
    let text = readFileSync(step === 'resume' ? statePath : approvedPath, 'utf8');
    if (step === 'tamper') {
      // The attacker edits the stored text: the refund amount and the SDK's own
      // (unkeyed) approval fingerprint, so the SDK's consistency check passes.
      text = text
        .replaceAll('\\"amount\\":12000', '\\"amount\\":1200000')
        .replaceAll('number:12e3', 'number:12e5');
      console.log(`  ${red('✎ edited')} amount 12000 → 1200000 in the stored RunState`);
    }
    const state = await RunState.fromString(world.agent, text);
    const before = readBackend(dir).refunds.length;
    const out = await run(world.agent, state);
    const decisions = await newDecisions();
    printResults(
      out.history.filter((i) => (i as { callId?: string }).callId === 'call_refund').slice(-1),
      decisions,
    );
    printDecisions(decisions);
    const executed = readBackend(dir).refunds.length > before;
    console.log(`  ${executed ? green('refund executed') : red('nothing executed')}`);
    const pending = await world.approvals.listPending();
    for (const p of pending)
      console.log(
        `  ${yellow('new pending proposal')} ${short(p.proposalHash)} ${p.argsCanonicalJson}`,
      );
    result = { executed, pending: pending.map((p) => p.proposalHash) };
  } else if (step === 'foreign') {
    const before = readBackend(dir);
    const pendingBefore = (await world.approvals.listPending()).length;
    const out = await run(world.agent, 'Refund order B-2002, it arrived broken.');
    printResults(out.history, await newDecisions());
    const after = readBackend(dir);
    const executed = after.refunds.length > before.refunds.length;
    const queued = (await world.approvals.listPending()).length > pendingBefore;
    console.log(
      `  ${executed || queued ? red('NOT REFUSED') : green('refused')}: idsFromServerList's deny wins over moneyLimit inside allOf; nothing ran, nothing queued for a human`,
    );
    result = { executed, queued, interruptions: out.interruptions.length };
  } else {
    throw new Error(`unknown step "${step}"`);
  }
} finally {
  await world.close();
}
console.log(`@@result ${JSON.stringify(result)}`);
