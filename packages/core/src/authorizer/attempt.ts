import { ArgsealConfigError } from '../errors.js';
import type { ProposedWrite } from './audit-writes.js';
import { type AuthorizeSettings, authorizeCall, checkCall, type PolicyMemo } from './authorize.js';
import { executeCall } from './execute.js';
import { lazyFields } from './lazy-fields.js';
import type { PreparedData } from './prepare.js';
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
  const opts = attemptOptions(data, options);
  // the decision `check` made, for this attempt's `authorize` (policy runs once)
  const memo: PolicyMemo = { decision: undefined };
  let checked: Promise<CheckResult> | undefined;
  let authorized: Promise<AuthorizationResult> | undefined;
  let spent = false;

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
    check(): Promise<CheckResult> {
      if (checked === undefined) {
        checked = authorized
          ? authorized.then(asCheck)
          : checkCall(settings, attempt, opts, written, memo);
      }
      return checked;
    },
    authorize(): Promise<AuthorizationResult> {
      authorized ??=
        checked === undefined
          ? authorizeCall(settings, attempt, opts, written, memo)
          : checked.then(
              () => authorizeCall(settings, attempt, opts, written, memo),
              () => authorizeCall(settings, attempt, opts, written, memo),
            );
      return authorized;
    },
    async execute<Output>(execOptions?: ExecuteOptions): Promise<CallOutcome<Output>> {
      if (spent) {
        throw new ArgsealConfigError(
          'attempt_spent',
          `attempt of "${data.tool.name}" already executed`,
        );
      }
      const auth = authorized === undefined ? undefined : await authorized;
      if (auth?.type !== 'allow') {
        throw new ArgsealConfigError(
          'not_authorized',
          `attempt of "${data.tool.name}": execute needs an allowing authorize() first`,
        );
      }
      if (spent) {
        throw new ArgsealConfigError(
          'attempt_spent',
          `attempt of "${data.tool.name}" already executed`,
        );
      }
      spent = true;
      return executeCall<Output>(
        settings.audit,
        attempt,
        auth,
        {
          ...opts,
          ...(execOptions?.signal ? { signal: execOptions.signal } : {}),
          ...(execOptions?.host !== undefined ? { host: execOptions.host } : {}),
        },
        settings.telemetry,
      );
    },
    async run<Output>(execOptions?: ExecuteOptions): Promise<CallOutcome<Output>> {
      const auth = await attempt.authorize();
      if (auth.type !== 'allow') return notAllowed<Output>(data, auth);
      return attempt.execute<Output>(execOptions);
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
