import { ArgsealError } from '../errors.js';
import type { PolicyDecision } from '../policy/types.js';
import type { PreparedData } from './prepared-data.js';
import { endFailed, nextStage, type Telemetry, type TelemetrySpan } from './telemetry.js';
import type { AuthorizationResult, CallOutcome, CheckResult } from './types.js';

/** Reasons argseal itself gives when a policy misbehaves: recorded as codes. */
const POLICY_CODES = new Set(['policy_error', 'invalid_policy_decision']);

/** Starts the policy span; the returned function ends it with the decision. */
export function policySpan(t: Telemetry, call: PreparedData): (decision: PolicyDecision) => void {
  const span = nextStage(t, undefined, 'policy', call.agent, call.tool.name);
  span.setAttribute('argseal.proposal_hash', call.proposalHash);
  return (decision) => {
    span.setAttribute('argseal.decision', decision.type);
    if (decision.type === 'deny' && POLICY_CODES.has(decision.reason))
      span.setAttribute('argseal.code', decision.reason);
    span.end();
  };
}

/** Runs the approval binding (store peek/consume/suspend) inside span `argseal.approval`. */
export async function inApprovalSpan<R extends AuthorizationResult | CheckResult>(
  t: Telemetry,
  call: PreparedData,
  fn: () => Promise<R>,
): Promise<R> {
  const span = nextStage(t, undefined, 'approval', call.agent, call.tool.name);
  span.setAttribute('argseal.proposal_hash', call.proposalHash);
  try {
    const result = await fn();
    span.setAttribute('argseal.decision', result.type);
    if (result.type === 'deny') span.setAttribute('argseal.code', result.reason);
    span.end();
    return result;
  } catch (error) {
    endFailed(span, ArgsealError.isInstance(error) ? error.code : 'store_error');
    throw error;
  }
}

/** Runs the tool inside span `argseal.execute`; a failure is recorded by its code only. */
export async function inExecuteSpan<Output>(
  t: Telemetry,
  call: PreparedData,
  fn: () => Promise<CallOutcome<Output>>,
): Promise<CallOutcome<Output>> {
  const span = nextStage(t, undefined, 'execute', call.agent, call.tool.name);
  span.setAttribute('argseal.proposal_hash', call.proposalHash);
  const outcome = await fn();
  if (outcome.status === 'failed') {
    const { error } = outcome as { error: unknown };
    endFailed(span, ArgsealError.isInstance(error) ? error.code : 'tool_error');
  } else span.end();
  return outcome;
}

/**
 * `authorizer.call` in an active span `argseal.call` (stage spans become its children
 * under a context manager), plus the duration histogram when a meter is configured.
 * When that span is not recording (no SDK registered, or the call sampled out), `run`
 * gets `traced: false`: the pipeline without stage or store spans (metrics still
 * recorded), still inside the span's context, so the tool's own spans follow the call's
 * sampling decision.
 */
export function traceCall<Output>(
  t: Telemetry,
  agent: string,
  tool: string,
  run: (traced: boolean) => Promise<CallOutcome<Output>>,
): Promise<CallOutcome<Output>> {
  // fresh per call: a sampler may add to the object it is given
  const attributes = { 'argseal.agent': agent, 'argseal.tool': tool, 'argseal.stage': 'call' };
  return t.tracer.startActiveSpan('argseal.call', { attributes }, (span) =>
    span.isRecording?.() === false ? timed(t, tool, span, run) : recorded(t, tool, span, run),
  );
}

/** A call whose span is not recording: its duration only, no span attributes. */
async function timed<Output>(
  t: Telemetry,
  tool: string,
  span: TelemetrySpan,
  run: (traced: false) => Promise<CallOutcome<Output>>,
): Promise<CallOutcome<Output>> {
  const metrics = t.metrics;
  const started = metrics === undefined ? 0 : performance.now();
  try {
    const outcome = await run(false);
    metrics?.called(tool, outcome.status, performance.now() - started);
    return outcome;
  } finally {
    span.end();
  }
}

/** A recorded call: outcome, proposal hash and failure code on the call span. */
async function recorded<Output>(
  t: Telemetry,
  tool: string,
  span: TelemetrySpan,
  run: (traced: true) => Promise<CallOutcome<Output>>,
): Promise<CallOutcome<Output>> {
  const started = performance.now();
  let outcome: CallOutcome<Output>;
  try {
    outcome = await run(true);
  } catch (error) {
    endFailed(span, ArgsealError.isInstance(error) ? error.code : 'internal_error');
    throw error;
  }
  span.setAttribute('argseal.outcome', outcome.status);
  const hash = 'proposalHash' in outcome ? outcome.proposalHash : undefined;
  if (typeof hash === 'string') span.setAttribute('argseal.proposal_hash', hash);
  if (outcome.status === 'suspended')
    span.setAttribute('argseal.proposal_hash', outcome.proposal.proposalHash);
  if (outcome.status === 'invalid') endFailed(span, outcome.error.code);
  else if (outcome.status === 'failed') {
    const { error } = outcome as { error: unknown };
    endFailed(span, ArgsealError.isInstance(error) ? error.code : 'tool_error');
  } else span.end();
  t.metrics?.called(tool, outcome.status, performance.now() - started);
  return outcome;
}
