// One process of the demo: `tsx src/step.ts <dir> chat|review|resume|replay|tamper`.
// The last stdout line is `@@result <json>` for the orchestrator (src/main.ts).
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isArgsealRefusal } from '@argseal/openai-agents';
import { RunState, run } from '@openai/agents';
import { readBackend } from './backend.js';
import { bold, cyan, dim, green, red, short, yellow } from './colors.js';
import { assistantText, functionCall, type ScriptedOutput } from './scripted-model.js';
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
      '{ "reason": "arrived broken",  "orderId": "A-1001", "amount": 12000 }',
    ),
  ],
];
const AFTER = [[assistantText('The refund of 120.00 EUR for order A-1001 is done.')]];

function printResults(history: unknown[]) {
  for (const item of history as {
    type: string;
    callId?: string;
    name?: string;
    arguments?: string;
    output?: { text?: string };
  }[]) {
    if (item.type === 'function_call') {
      console.log(`  ${dim('model →')} ${bold(item.name)} ${item.arguments}`);
    } else if (item.type === 'function_call_result') {
      const text = item.output?.text ?? JSON.stringify(item.output);
      const paint = isArgsealRefusal(text) ? (text.includes('denied') ? red : yellow) : green;
      console.log(`  ${dim('tool  →')} ${paint(text)}`);
    }
  }
}

const world = await openWorld(dir, step === 'chat' ? CHAT : AFTER);
let result: Record<string, unknown> = {};
try {
  if (step === 'chat') {
    const out = await run(
      world.agent,
      'Order A-1001 arrived broken. Refund it, and delete my account.',
    );
    printResults(out.history);
    writeFileSync(statePath, out.state.toString());
    const pending = await world.seal.pending(out.state);
    for (const p of pending) {
      console.log(`  ${yellow('⏸ paused')} ${bold(p.tool)} ${p.argsCanonicalJson}`);
      console.log(
        `    ${dim('proposal')} ${short(p.proposalHash ?? '')}  ${dim('reason')} ${p.proposal?.reason}`,
      );
    }
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
    printResults(
      out.history.filter((i) => (i as { callId?: string }).callId === 'call_refund').slice(-1),
    );
    const executed = readBackend(dir).refunds.length > before;
    console.log(`  ${executed ? green('refund executed') : red('nothing executed')}`);
    const pending = await world.approvals.listPending();
    for (const p of pending)
      console.log(
        `  ${yellow('new pending proposal')} ${short(p.proposalHash)} ${p.argsCanonicalJson}`,
      );
    result = { executed, pending: pending.map((p) => p.proposalHash) };
  } else {
    throw new Error(`unknown step "${step}"`);
  }
} finally {
  await world.close();
}
console.log(`@@result ${JSON.stringify(result)}`);
