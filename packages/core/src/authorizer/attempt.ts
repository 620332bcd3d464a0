import { ArgsealConfigError } from '../errors.js';
import type { ProposedWrite } from './audit-writes.js';
import { type AuthorizeSettings, authorizeCall, checkCall, type PolicyMemo } from './authorize.js';
import { lazyFields } from './lazy-fields.js';
import type { PreparedData } from './prepared-data.js';
import { executeCall } from './stages/execute.js';
import type {
  Attempt,
  AuthorizationResult,
  CallOptions,
  CallOutcome,
  CheckResult,
  ExecuteOptions,
} from './types.js';

/** An attempt's canonical texts, built on first read (see `lazyFields`). */
const attemptTexts = lazyFields<{
  requestedCanonicalJson: string;
  effectiveCanonicalJson: string;
  historyArguments: string;
}>(['requestedCanonicalJson', 'effectiveCanonicalJson', 'historyArguments']);

/** What `check` would have said, for a `check` after `authorize` (policy runs once). */
function asCheck(auth: AuthorizationResult): CheckResult {
  if (auth.type === 'allow' && auth.grant) {
    return { type: 'approved', grant: auth.grant, decision: auth.decision };
  }
  return auth;
}

/** The options an attempt's stages see: its own call id, the resume as resolved. */
export function attemptOptions(
  data: PreparedData,
  options: CallOptions<any> | undefined,
): CallOptions<any> {
  const opts: CallOptions<any> = {
    ...options,
    toolCallId: data.toolCallId,
    ...(data.resumeOf !== undefined ? { resumeOf: data.resumeOf } : {}),
  };
  if (data.resumeOf === undefined) delete opts.resumeOf;
  return opts;
}

/** What `run` returns when authorization does not allow the call. */
export function notAllowed<Output>(
  data: PreparedData,
  auth: Exclude<AuthorizationResult, { type: 'allow' }>,
): CallOutcome<Output> {
  const base = { tool: data.tool.name, toolCallId: data.toolCallId };
  if (auth.type === 'suspended') return { ...base, status: 'suspended', proposal: auth.proposal };
  return {
    ...base,
    status: 'denied',
    reason: auth.reason,
    proposalHash: data.proposalHash,
    argsCanonicalJson: data.argsCanonicalJson,
  };
}

/** An attempt's lifecycle state; it lives in the attempt's closure only. */
interface AttemptState {
  data: PreparedData;
  settings: AuthorizeSettings;
  /** The options its stages see (its own call id, the resume as resolved). */
  opts: CallOptions<any>;
  written: ProposedWrite | undefined;
  /** The decision `check` made, for this attempt's `authorize` (policy runs once). */
  memo: PolicyMemo;
  checked: Promise<CheckResult> | undefined;
  authorized: Promise<AuthorizationResult> | undefined;
  spent: boolean;
}

function check(st: AttemptState): Promise<CheckResult> {
  st.checked ??= st.authorized
    ? st.authorized.then(asCheck)
    : checkCall(st.settings, st.data, st.opts, st.written, st.memo);
  return st.checked;
}

function authorize(st: AttemptState): Promise<AuthorizationResult> {
  const run = () => authorizeCall(st.settings, st.data, st.opts, st.written, st.memo);
  // after a check, once it settled: its decision is reused (or, when it failed, made again)
  st.authorized ??= st.checked === undefined ? run() : st.checked.then(run, run);
  return st.authorized;
}

function refuseSpent(st: AttemptState): void {
  if (st.spent) {
    throw new ArgsealConfigError(
      'attempt_spent',
      `attempt of "${st.data.tool.name}" already executed`,
    );
  }
}

async function execute<Output>(
  st: AttemptState,
  execOptions: ExecuteOptions | undefined,
): Promise<CallOutcome<Output>> {
  refuseSpent(st);
  const auth = st.authorized === undefined ? undefined : await st.authorized;
  if (auth?.type !== 'allow') {
    throw new ArgsealConfigError(
      'not_authorized',
      `attempt of "${st.data.tool.name}": execute needs an allowing authorize() first`,
    );
  }
  refuseSpent(st); // another execute may have won while this one awaited
  st.spent = true;
  const options = {
    ...st.opts,
    ...(execOptions?.signal ? { signal: execOptions.signal } : {}),
    ...(execOptions?.host !== undefined ? { host: execOptions.host } : {}),
  };
  return executeCall<Output>(st.settings.audit, st.data, auth, options, st.settings.telemetry);
}

/**
 * Wraps prepared data into an {@link Attempt}. Its state (policy decision, authorization,
 * execution) lives in this closure only: nothing else can authorize or execute it.
 */
export function createAttempt(
  data: PreparedData,
  settings: AuthorizeSettings,
  options: CallOptions<any> | undefined,
  written: ProposedWrite | undefined,
): Attempt {
  const st: AttemptState = {
    data,
    settings,
    opts: attemptOptions(data, options),
    written,
    memo: { decision: undefined },
    checked: undefined,
    authorized: undefined,
    spent: false,
  };
  const fields = {
    tool: data.tool,
    agent: data.agent,
    toolCallId: data.toolCallId,
    rawArguments: data.rawArguments,
    rewritten: data.rewritten,
    originalArguments: data.originalArguments,
    snapshot: data.snapshot,
    argsCanonicalJson: data.argsCanonicalJson,
    proposalHash: data.proposalHash,
    bindingHash: data.bindingHash,
    provenance: data.provenance,
    resumeOf: data.resumeOf,
    supersedes: data.supersedes,
    check: () => check(st),
    authorize: () => authorize(st),
    execute: <Output>(execOptions?: ExecuteOptions) => execute<Output>(st, execOptions),
    async run<Output>(execOptions?: ExecuteOptions): Promise<CallOutcome<Output>> {
      const auth = await authorize(st);
      if (auth.type !== 'allow') return notAllowed<Output>(data, auth);
      return execute<Output>(st, execOptions);
    },
    withContext: (context: unknown) =>
      createAttempt(data, settings, { ...options, context }, written),
  };
  // texts built on first read (adapters writing history); the pipeline itself never needs them
  const attempt: Attempt = Object.freeze(
    attemptTexts(fields, {
      requestedCanonicalJson: data.requestedText,
      effectiveCanonicalJson: data.effectiveText,
      historyArguments: data.effectiveText,
    }),
  );
  return attempt;
}
