import { computeProposalHash } from '@argseal/core';
import { canonicalize } from '@argseal/core/data';
import {
  BENIGN_CANONICAL,
  CHANGED_ARGS,
  type HostileCase,
  SUITE_AGENT,
  type SuiteCase,
  TOOL_NAME,
} from './cases.js';
import type { DriverOutcome } from './driver.js';
import { errorName, type Observed, openRun, type RunSetup, refusalOf, show } from './observe.js';

/** What one case did: the table cell and every failed assertion (empty: passed). */
export interface CaseResult {
  cell: string;
  failures: string[];
}

const hashOf = (canonical: string) =>
  computeProposalHash({ agent: SUITE_AGENT, tool: TOOL_NAME, argsCanonicalJson: canonical });

const NO_RAW_TEXT = 'raw_text_unavailable';
const HASHED = new Set(['proposed', 'decided', 'approval_requested', 'executed']);

async function withRun<T>(
  setup: RunSetup,
  args: string,
  fn: (o: Observed) => Promise<T>,
  world?: Observed['world'],
) {
  const o = await openRun(setup, args, world);
  try {
    return await fn(o);
  } finally {
    await o.close();
  }
}

/** Runs `c` once under `setup`; unsealed wirings only describe, sealed ones also assert. */
export function checkCase(setup: RunSetup, c: SuiteCase): Promise<CaseResult> {
  if (c.kind === 'runs' || c.kind === 'hostile') return single(setup, c);
  if (c.kind === 'approval') return approvalFlow(setup, c.args);
  return changedAfterApproval(setup, c.args);
}

const same = (a: { provider: string; api: string }, b: { provider: string; api: string }) =>
  a.provider === b.provider && a.api === b.api;

/** True when the guard cannot be wired for this target (no fetch hook). */
const guardless = (setup: RunSetup) =>
  (setup.driver.noFetchHook ?? []).some((t) => same(t, setup.target));

/**
 * The adapter must treat this run's argument text as `decoded_only`: its path is not in
 * the adapter's raw-text table and no guard checked the body. Such a run refuses every
 * call `raw_text_unavailable` (or the decoder's code for a text that is not JSON).
 */
const decodedOnlyCell = (setup: RunSetup) =>
  setup.wiring !== 'unsealed' &&
  (setup.wiring === 'sealed' || guardless(setup)) &&
  !setup.driver.rawTextPaths.some((r) => same(r, setup.target) && r.mode === setup.mode);

/** The argument text sits literally inside a JSON body or event (not as a string value). */
const literalArgs = (setup: RunSetup) =>
  setup.target.api === 'gemini' ||
  (setup.target.api === 'anthropic-start-input' && setup.mode === 'stream') ||
  (setup.target.api.startsWith('anthropic') && setup.mode === 'generate');

/** The cell of a decoded-only refusal (nothing ran, nothing pending), else undefined. */
async function refusedForRawText(setup: RunSetup, o: Observed, outcome: DriverOutcome) {
  if (!decodedOnlyCell(setup) || o.world.executions.length > 0) return undefined;
  const refusal = refusalOf(outcome, await o.world.audit.records());
  if (refusal?.code !== NO_RAW_TEXT || (await pending(o)).length > 0) return undefined;
  return `refused \`${NO_RAW_TEXT}\` (${refusal.source})`;
}

async function single(setup: RunSetup, c: SuiteCase): Promise<CaseResult> {
  return withRun(setup, c.args, async ({ world, session, requests }) => {
    const outcome = await session.run();
    const audit = await world.audit.records();
    const refusal = refusalOf(outcome, audit);
    const ran = world.executions;
    const literalAnthropicJson = literalArgs(setup);
    const cell =
      ran.length > 0
        ? `runs ${ran.map((e) => show(e.args)).join(' + ')}`
        : refusal
          ? `refused \`${refusal.code}\` (${refusal.source})`
          : outcome.status === 'failed'
            ? `no run (${errorName(outcome.error)})`
            : outcome.status === 'paused'
              ? 'no run (paused for approval)'
              : 'no run (framework refused)';
    if (setup.wiring === 'unsealed') return { cell, failures: [] };
    const failures: string[] = [];
    const fail = (assertion: string) => failures.push(assertion);
    const decodedOnly = decodedOnlyCell(setup);
    if (c.kind === 'runs') {
      if (decodedOnly) {
        // the path is not proven: even a benign call is refused, nothing runs
        if (ran.length > 0) fail('tool never runs on a decoded-only path');
        if (refusal?.code !== NO_RAW_TEXT)
          fail(`refused with code ${NO_RAW_TEXT} (got ${refusal?.code ?? 'none'})`);
        return { cell, failures };
      }
      const hash = await hashOf(BENIGN_CANONICAL);
      if (outcome.status !== 'completed') fail(`run completes (got ${outcome.status})`);
      if (ran.length !== 1) fail(`tool runs once (ran ${ran.length})`);
      else {
        if (canonicalize(ran[0]!.args) !== BENIGN_CANONICAL)
          fail('tool gets the canonical arguments');
        if (ran[0]!.proposalHash !== hash) fail('proposal hash equals the benign hash');
      }
      return { cell, failures };
    }
    const hostile = c as HostileCase;
    const bodyIsJson = !literalAnthropicJson || isJson(hostile.args);
    const code = literalAnthropicJson ? (hostile.anthropicJsonCode ?? hostile.code) : hostile.code;
    if (ran.length > 0) fail('tool never runs');
    if (bodyIsJson || (setup.wiring === 'sealed+guard' && !guardless(setup))) {
      const accepted = refusal?.code === code || (decodedOnly && refusal?.code === NO_RAW_TEXT);
      if (!accepted) fail(`refused with code ${code} (got ${refusal?.code ?? 'none'})`);
    } else if (outcome.status !== 'failed') fail('a body that is not JSON fails the request');
    if (audit.some((r) => HASHED.has(r.type) || r.proposalHash || r.argsCanonicalJson)) {
      fail('nothing hashed over the refused value (no proposal/executed audit record)');
    }
    const leaks = requests.slice(1).filter((r) => leaksPayload(r.bodyText, hostile));
    if (leaks.length > 0) fail('the next provider request carries no refused payload');
    return { cell, failures };
  });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function leaksPayload(body: string, c: HostileCase): boolean {
  const escaped = JSON.stringify(c.args).slice(1, -1);
  return body.includes(c.args) || body.includes(escaped) || c.markers.some((m) => body.includes(m));
}

async function pending(o: Observed) {
  return (await o.world.approvals.listPending()).filter((p) => p.tool === TOOL_NAME);
}

async function approvalFlow(setup: RunSetup, args: string): Promise<CaseResult> {
  if (setup.wiring === 'unsealed') return { cell: 'n/a (no approvals)', failures: [] };
  return withRun(setup, args, async (o) => {
    const failures: string[] = [];
    const fail = (assertion: string) => failures.push(assertion);
    const first = await o.session.run();
    const refused = await refusedForRawText(setup, o, first);
    if (refused) return { cell: refused, failures };
    if (decodedOnlyCell(setup)) fail(`refused with code ${NO_RAW_TEXT} on a decoded-only path`);
    const wanted = await hashOf(canonicalize(JSON.parse(args)));
    const proposals = await pending(o);
    if (first.status !== 'paused') fail(`run pauses for approval (got ${first.status})`);
    if (proposals.length !== 1 || proposals[0]!.proposalHash !== wanted) {
      fail('one pending proposal with the expected hash');
    }
    if (o.world.executions.length !== 0) fail('nothing runs before approval');
    if (proposals[0]) {
      await o.world.approvals.decide(proposals[0].proposalHash, {
        decision: 'approve',
        approver: 'suite',
      });
    }
    const resumed = await o.session.resume();
    const afterResume = o.world.executions.length;
    if (afterResume !== 1) fail(`approved resume runs once (ran ${afterResume})`);
    else if (o.world.executions[0]!.proposalHash !== wanted)
      fail('it runs under the approved hash');
    const replay = await o.session.resume();
    const afterReplay = o.world.executions.length - afterResume;
    if (afterReplay !== 0) fail(`replayed resume runs nothing (ran ${afterReplay})`);
    const errored = [resumed, replay].find((r) => r.status === 'failed');
    const cell = `${first.status}; resume runs ${afterResume}; replay runs ${afterReplay}${errored ? ` (${errorName(errored.error)})` : ''}`;
    return { cell, failures };
  });
}

async function changedAfterApproval(setup: RunSetup, _args: string): Promise<CaseResult> {
  if (setup.wiring === 'unsealed') return { cell: 'n/a (no approvals)', failures: [] };
  const failures: string[] = [];
  const fail = (assertion: string) => failures.push(assertion);
  const approved = await withRun(setup, '{"to":"acct_1","amount":90000}', async (o) => {
    const refused = await refusedForRawText(setup, o, await o.session.run());
    if (refused) return { world: o.world, refused, hash: undefined, binding: undefined };
    const [p] = await pending(o);
    if (p)
      await o.world.approvals.decide(p.proposalHash, { decision: 'approve', approver: 'suite' });
    return { world: o.world, refused, hash: p?.proposalHash, binding: p?.bindingHash };
  });
  if (approved.refused) return { cell: approved.refused, failures };
  if (decodedOnlyCell(setup)) fail(`refused with code ${NO_RAW_TEXT} on a decoded-only path`);
  if (!approved.hash) fail('the original call pauses with a pending proposal');
  const changedHash = await hashOf(canonicalize(JSON.parse(CHANGED_ARGS)));
  const cell = await withRun(
    setup,
    CHANGED_ARGS,
    async (o) => {
      const first = await o.session.run();
      const resumed = await o.session.resume();
      const ran = o.world.executions.length;
      const hashes = (await pending(o)).map((p) => p.proposalHash);
      if (ran !== 0) fail(`the changed call never runs (ran ${ran})`);
      if (!hashes.includes(changedHash))
        fail('the changed call gets its own pending proposal (new hash)');
      if (approved.binding && !(await o.world.approvals.peek(approved.binding)).live) {
        fail('the approved grant stays unused');
      }
      return `${first.status}, new hash; after resume runs ${ran}${resumed.status === 'failed' ? ` (${errorName(resumed.error)})` : ''}`;
    },
    approved.world,
  );
  return { cell, failures };
}
