// `pnpm demo`: argseal's lifecycle in readable, colored output, then every bundled example.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { canonicalize, createSnapshot, parseStrictJson } from '../packages/core/dist/data.js';
import {
  computeProposalHash,
  createAuthorizer,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  defineTool,
  ToolArgumentsValidationError,
} from '../packages/core/dist/index.js';
import { verifyAuditChain } from '../packages/core/dist/store.js';

const useColor = !process.env.NO_COLOR && process.stdout.isTTY !== false;
const paint = (code) => (s) => (useColor ? `\x1b[${code}m${s}\x1b[0m` : String(s));
const bold = paint('1');
const dim = paint('2');
const green = paint('32');
const red = paint('31');
const yellow = paint('33');
const cyan = paint('36');
const step = (title) => console.log(`\n${bold(cyan(`▸ ${title}`))}`);
const kv = (k, v) => console.log(`  ${dim(k.padEnd(18))} ${v}`);
const short = (h) => `${h.slice(0, 16)}…`;

/** The lifecycle walk-through; true when it behaved as described (one execution, chain ok). */
async function lifecycle() {
  console.log(bold('argseal demo: what is approved is exactly what runs'));

  const AGENT = 'support-bot';
  const raw = '{ "orderId": "ord_123", "amount": 12500, "currency": "EUR", "reason": "damaged" }';

  step('1. A refund call, from raw provider text to proposal hash');
  kv('raw text', raw);
  const decoded = parseStrictJson(raw);
  kv('strict decode', green('ok (no duplicate keys, safe integers, no lone surrogates)'));
  const snapshot = createSnapshot(decoded);
  kv(
    'snapshot',
    `deep-frozen: ${Object.isFrozen(snapshot)}, shares nothing with the decoded value`,
  );
  const jcs = canonicalize(snapshot);
  kv('RFC 8785 (JCS)', jcs);
  const hash = await computeProposalHash({ agent: AGENT, tool: 'refund', argsCanonicalJson: jcs });
  kv('proposal hash', hash);

  step('2. Harmless differences give the same hash; a changed amount does not');
  const variants = [
    ['reordered keys', '{"reason":"damaged","currency":"EUR","amount":12500,"orderId":"ord_123"}'],
    [
      'extra whitespace',
      '{\n  "orderId" : "ord_123",\n  "amount" : 12500,\n  "currency":"EUR","reason":"damaged"\n}',
    ],
    ['amount 1.25e4', '{"orderId":"ord_123","amount":1.25e4,"currency":"EUR","reason":"damaged"}'],
    ['changed amount', '{"orderId":"ord_123","amount":125000,"currency":"EUR","reason":"damaged"}'],
  ];
  for (const [label, text] of variants) {
    const h = await computeProposalHash({
      agent: AGENT,
      tool: 'refund',
      argsCanonicalJson: canonicalize(createSnapshot(parseStrictJson(text))),
    });
    const same = h === hash;
    kv(label, `${short(h)} ${same ? green('same hash') : red('different hash')}`);
  }

  step('3. Inputs argseal refuses before any policy runs');
  for (const [label, text] of [
    ['duplicate key', '{"amount":100,"amount":100000}'],
    ['unsafe integer', '{"amount":9007199254740993}'],
    ['lone surrogate', '{"note":"\\ud83d"}'],
  ]) {
    try {
      parseStrictJson(text);
      kv(label, red('accepted?!'));
    } catch (e) {
      if (!ToolArgumentsValidationError.isInstance(e)) throw e;
      kv(label, `${red('rejected')} ${yellow(`${e.stage}/${e.code}`)} at ${e.path || '(root)'}`);
    }
  }

  step('4. Approval required, granted, consumed once; a tampered resume refused');
  const audit = createMemoryAuditLog();
  const approvals = createMemoryApprovalStore({ audit });
  const executions = [];
  const refund = defineTool({
    name: 'refund',
    description: 'Refund an order in integer minor units',
    schema: z.object({
      orderId: z.string(),
      amount: z.number().int().positive(),
      currency: z.string().length(3),
      reason: z.string(),
    }),
    execute: async (input) => {
      executions.push(input);
      return { refundId: `re_${executions.length}`, amount: input.amount };
    },
  });
  const authorizer = createAuthorizer({
    agent: AGENT,
    approvals,
    audit,
    policy: ({ parsedArguments }) =>
      parsedArguments.amount > 10_000
        ? { type: 'require_approval', reason: 'refund above 100.00 EUR' }
        : { type: 'allow' },
  });
  const first = await authorizer.call(refund, raw, { toolCallId: 'call_1' });
  kv(
    'attempt 1',
    `${yellow(first.status)}: ${first.proposal.reason}, proposal ${short(first.proposal.proposalHash)}`,
  );
  const pending = await approvals.listPending();
  kv('pending', `${pending.length} proposal(s) in the store`);
  await approvals.decide(first.proposal.proposalHash, {
    decision: 'approve',
    approver: 'ada@example.com',
    note: 'photos checked',
  });
  kv('approver', `ada@example.com ${green('approved')} hash ${short(first.proposal.proposalHash)}`);
  const resumed = await authorizer.call(
    refund,
    '{"reason":"damaged","currency":"EUR","amount":12500,"orderId":"ord_123"}',
    {
      toolCallId: 'call_1',
      resumeOf: first.proposal.proposalHash,
    },
  );
  kv('resume (reordered)', `${green(resumed.status)} → ${JSON.stringify(resumed.result)}`);
  const again = await authorizer.call(refund, raw, {
    toolCallId: 'call_1',
    resumeOf: first.proposal.proposalHash,
  });
  kv(
    'resume again',
    `${yellow(again.status)} (the grant was single-use; executions: ${executions.length})`,
  );
  const tampered = await authorizer.call(refund, raw.replace('12500', '1250000'), {
    toolCallId: 'call_1',
    resumeOf: first.proposal.proposalHash,
  });
  kv(
    'tampered resume',
    `${red('refused')}: ${tampered.status} as a new proposal ${short(tampered.proposal.proposalHash)}; executions: ${executions.length}`,
  );
  const verification = await verifyAuditChain(await audit.records());
  kv(
    'audit chain',
    verification.ok
      ? green(`verified (${verification.length} records)`)
      : red(JSON.stringify(verification)),
  );
  return executions.length === 1 && verification.ok;
}

// `pnpm demo` ends with one line per part (passed/failed), then the counts, and exits non-zero
// naming what failed on its last line
const results = [];
const record = (name, ok, detail) => results.push({ name, ok, detail });
try {
  record('lifecycle', await lifecycle(), '');
} catch (error) {
  console.error(error);
  record('lifecycle', false, `threw ${error?.name ?? 'an error'}`);
}

// the bundled examples, each offline with a scripted model
const root = fileURLToPath(new URL('..', import.meta.url));
const examplesDir = join(root, 'examples');
const examples = existsSync(examplesDir)
  ? readdirSync(examplesDir).filter((d) => existsSync(join(examplesDir, d, 'package.json')))
  : [];
for (const name of examples.sort()) {
  const pkg = JSON.parse(readFileSync(join(examplesDir, name, 'package.json'), 'utf8'));
  if (!pkg.scripts?.start || pkg.argsealDemo === false) continue;
  console.log(`\n${bold(cyan(`▸ example: ${name}`))} ${dim(`(pnpm --filter ${pkg.name} start)`)}`);
  const started = performance.now();
  const r = spawnSync('pnpm', ['--silent', '--filter', pkg.name, 'start'], {
    stdio: 'inherit',
    cwd: root,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const why = r.error ? `could not start: ${r.error.message}` : `exit ${r.status ?? r.signal}`;
  record(
    `example ${name}`,
    r.status === 0,
    r.status === 0 ? `${seconds} s` : `${why}, ${seconds} s`,
  );
}

console.log(`\n${bold('demo summary')}`);
const width = Math.max(...results.map((r) => r.name.length));
for (const r of results) {
  const mark = r.ok ? green('passed') : red('FAILED');
  console.log(`  ${r.name.padEnd(width)}  ${mark}${r.detail ? dim(` (${r.detail})`) : ''}`);
}
const failures = results.filter((r) => !r.ok);
console.log(`demo: ${results.length - failures.length} passed, ${failures.length} failed`);
if (failures.length > 0) {
  console.log(red(`demo failed: ${failures.map((r) => r.name).join(', ')}`));
  process.exitCode = 1;
}
