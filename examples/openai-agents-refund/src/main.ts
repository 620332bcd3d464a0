// The demo: five separate Node processes share only a directory (the embedded PGlite
// approval store and audit log, the stored RunState text, a tiny backend file).
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PolicyDecision } from '@argseal/core';
import { verifyAuditChain } from '@argseal/core/store';
import { decidedBy } from '@argseal/policies';
import { createSqlAuditLog, openEmbeddedDatabase } from '@argseal/postgres';
import { readBackend } from './backend.js';
import { bold, cyan, dim, green, red } from './colors.js';

const STEP = fileURLToPath(new URL('./step.ts', import.meta.url));

export interface DemoSummary {
  proposalHash: string | undefined;
  refunds: { orderId: string; amount: number; currency: string }[];
  deletedCustomers: string[];
  replayExecuted: boolean;
  tamperedExecuted: boolean;
  tamperedPending: string[];
  /** A refund for an order the server does not list for the customer ran or was queued. */
  foreignRefused: boolean;
  /** Which rule decided each call, in order, from the audit `decided` records. */
  decisions: { tool: string; decision: string; rule: string | undefined }[];
  auditChainOk: boolean;
}

function runStep(dir: string, step: string, title: string): Record<string, any> {
  console.log(`\n${bold(cyan(`▸ ${title}`))} ${dim(`(new process: ${step})`)}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', STEP, dir, step], {
    encoding: 'utf8',
    env: process.env,
  });
  const lines = (r.stdout ?? '').trimEnd().split('\n');
  const last = lines.at(-1) ?? '';
  for (const line of lines.slice(0, -1)) console.log(line);
  if (r.status !== 0 || !last.startsWith('@@result ')) {
    throw new Error(
      `step ${step} failed (status ${r.status}, signal ${r.signal}): ${r.stderr}${r.stdout}${String(r.error ?? '')}`,
    );
  }
  return JSON.parse(last.slice('@@result '.length));
}

export async function runDemo(dir = mkdtempSync(join(tmpdir(), 'argseal-openai-agents-'))) {
  console.log(bold('argseal × OpenAI Agents: refund support agent (scripted offline model)'));
  console.log(dim(`  work directory ${dir}`));
  const chat = runStep(
    dir,
    'chat',
    '1. customer chat: lookup runs, delete is denied, refund pauses',
  );
  runStep(dir, 'review', '2. approver reviews the stored RunState and approves in the store');
  runStep(dir, 'resume', '3. a fresh worker resumes from the stored RunState');
  const replay = runStep(dir, 'replay', '4. replaying the approved RunState text again');
  const tamper = runStep(dir, 'tamper', '5. an attacker edits the approved RunState text');
  const foreign = runStep(
    dir,
    'foreign',
    '6. a refund for an order the server does not list for this customer',
  );

  const db = await openEmbeddedDatabase(join(dir, 'db'));
  const records = await createSqlAuditLog(db).records();
  await db.close();
  const chain = await verifyAuditChain(records);
  const backend = readBackend(dir);
  console.log(`\n${bold(cyan('▸ 7. audit and outcome'))}`);
  console.log(
    `  ${dim('audit records')} ${records.length}, ${chain.ok ? green('chain verified') : red('chain BROKEN')}`,
  );
  console.log(
    `  ${dim('refunds')} ${JSON.stringify(backend.refunds)}  ${dim('deleted customers')} ${JSON.stringify(backend.deletedCustomers)}`,
  );
  const decisions = records
    .filter((r) => r.type === 'decided')
    .map((r) => ({
      tool: r.tool ?? '',
      decision: r.decision ?? '',
      rule: decidedBy({ type: r.decision, reason: r.reason, trace: r.trace } as PolicyDecision)
        ?.rule,
    }));
  const tally = new Map<string, number>();
  for (const d of decisions) {
    const key = `${d.tool} ${d.decision} by ${d.rule}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
  console.log(`  ${dim('decided by')} ${[...tally].map(([k, n]) => `${k} ×${n}`).join(', ')}`);
  return {
    proposalHash: chat.proposalHash,
    refunds: backend.refunds,
    deletedCustomers: backend.deletedCustomers,
    replayExecuted: replay.executed,
    tamperedExecuted: tamper.executed,
    tamperedPending: tamper.pending,
    foreignRefused: !foreign.executed && !foreign.queued && foreign.interruptions === 0,
    decisions,
    auditChainOk: chain.ok,
  } satisfies DemoSummary;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const summary = await runDemo();
  const ok =
    summary.refunds.length === 1 &&
    summary.deletedCustomers.length === 0 &&
    !summary.replayExecuted &&
    !summary.tamperedExecuted &&
    summary.foreignRefused &&
    summary.auditChainOk;
  console.log(
    ok ? green('\n✔ what was approved is exactly what ran, once') : red('\n✘ unexpected outcome'),
  );
  process.exitCode = ok ? 0 : 1;
}
