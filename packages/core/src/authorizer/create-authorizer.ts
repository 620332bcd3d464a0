import type { AuditEvent, AuditRecordsQuery } from '../audit/types.js';
import { ArgsealConfigError } from '../errors.js';
import { isWellFormedString } from '../json/strict-domain.js';
import { defaultProvenanceRegistry } from '../kit/provenance-registry.js';
import { toRefusal } from '../kit/refusal.js';
import { assertKnownOptions } from '../options/known-options.js';
import { isArgsealTool } from '../tool/define-tool.js';
import { attemptOptions, createAttempt, notAllowed } from './attempt.js';
import { authorizeCall } from './authorize.js';
import { approvalsOrDefault } from './default-approvals.js';
import { executeCall } from './execute.js';
import { AUTHORIZER_OPTION_KEYS, withPolicyErrorHook } from './policy-error-hook.js';
import { prepareCall } from './prepare.js';
import { readTelemetry, type Telemetry } from './telemetry.js';
import { traceCall } from './telemetry-stages.js';
import { traceApprovals, traceAudit } from './telemetry-store.js';
import type { Authorizer, AuthorizerOptions, CallOptions, CallOutcome } from './types.js';

/** The keys of {@link CallOptions}: a per-call options object with any other key is refused. */
const CALL_OPTION_KEYS: readonly (keyof CallOptions)[] = [
  'toolCallId',
  'context',
  'signal',
  'resumeOf',
  'host',
  'allowDecodedOnly',
  'supersedes',
];

/**
 * Creates the one lifecycle every adapter reuses: prepare (decode, rewrite, schema,
 * snapshot, hash), authorize (policy, approval binding) and execute (fresh copy).
 *
 * Without `approvals` it uses an in-memory approval store and says once, on stderr, that
 * it is not durable; `approvals: null` means none (`require_approval` denies).
 *
 * @throws {ArgsealConfigError} `unknown_option` (a key not in `AuthorizerOptions`, with
 *   the nearest known name), `invalid_agent`, `missing_policy`, `invalid_mode`, `invalid_rewrite`,
 *   `invalid_approvals`,
 *   `invalid_telemetry`, `invalid_tracer`, `invalid_meter`.
 */
export function createAuthorizer<Context = unknown>(
  options: AuthorizerOptions<Context>,
): Authorizer<Context> {
  assertKnownOptions('createAuthorizer', options, AUTHORIZER_OPTION_KEYS);
  const { agent, audit } = options;
  const policy = withPolicyErrorHook(options.policy, options.onPolicyError);
  if (typeof agent !== 'string' || agent.length === 0 || !isWellFormedString(agent)) {
    throw new ArgsealConfigError(
      'invalid_agent',
      'createAuthorizer: agent must be a non-empty string',
    );
  }
  if (typeof policy !== 'function') {
    throw new ArgsealConfigError(
      'missing_policy',
      'createAuthorizer: a policy function is required (closed by default)',
    );
  }
  const mode = options.mode ?? 'enforce';
  if (mode !== 'enforce' && mode !== 'shadow') {
    throw new ArgsealConfigError(
      'invalid_mode',
      'createAuthorizer: mode must be "enforce" or "shadow"',
    );
  }
  const rewrite = [...(options.rewrite ?? [])];
  if (rewrite.some((h) => typeof h !== 'function')) {
    throw new ArgsealConfigError(
      'invalid_rewrite',
      'createAuthorizer: rewrite hooks must be functions',
    );
  }
  // every audit event carries the authorizer's digest, so the sink's hashes honour it too
  const sha256 = options.sha256;
  const telemetry = readTelemetry(options.telemetry, agent);
  const hashingSink =
    audit !== undefined && sha256 !== undefined
      ? {
          append: (event: AuditEvent) => audit.append(event, { sha256 }),
          records: (query?: AuditRecordsQuery) => audit.records(query),
          ...(audit.pipelining !== undefined ? { pipelining: audit.pipelining } : {}),
          ...(audit.durability !== undefined ? { durability: audit.durability } : {}),
        }
      : audit;
  const approvals = approvalsOrDefault(options.approvals, hashingSink, options.now);
  // with telemetry the pipeline sees traced stores; without it, the very same objects
  const sink = telemetry && hashingSink ? traceAudit(hashingSink, telemetry) : hashingSink;
  const pipelineApprovals =
    telemetry && approvals ? traceApprovals(approvals, telemetry, agent) : approvals;
  const now = options.now ?? (() => new Date());
  const generateId = options.generateId ?? (() => globalThis.crypto.randomUUID());
  const metrics = telemetry?.metrics;
  // `call` with a span that is not recording (no SDK, sampled out) runs the pipeline
  // untraced: the very same stores, no stage spans; without telemetry both are one. One
  // object literal per settings kind, so every authorizer's settings share one shape
  const pipeline = (
    audit: typeof sink,
    approvals: typeof pipelineApprovals,
    telemetry: Telemetry | undefined,
  ) => ({
    prepare: {
      agent,
      rewrite,
      maxDepth: options.maxDepth,
      maxLength: options.maxLength,
      audit,
      generateId,
      sha256: options.sha256,
      schemaIssueMessages: options.schemaIssueMessages === true,
      approvals,
      provenance: options.provenance ?? defaultProvenanceRegistry,
      telemetry,
    },
    authorize: { policy, mode, approvals, audit, now, generateId, telemetry, metrics },
    sink: audit,
    telemetry,
  });
  const tracedRun = pipeline(sink, pipelineApprovals, telemetry);
  const plainRun =
    telemetry === undefined ? tracedRun : pipeline(hashingSink, approvals, undefined);
  const prepareSettings = tracedRun.prepare;
  const authorizeSettings = tracedRun.authorize;

  const self: Authorizer<Context> = {
    agent,
    mode,
    approvals,
    audit,
    async prepare(tool, input, callOptions) {
      if (!isArgsealTool(tool)) {
        throw new ArgsealConfigError('invalid_tool', 'authorizer: tool must come from defineTool');
      }
      if (callOptions !== undefined) assertKnownOptions('prepare', callOptions, CALL_OPTION_KEYS);
      // attempts are for adapters, which all read historyArguments
      const r = await prepareCall(prepareSettings, tool, input, callOptions, true);
      if (!r.ok) {
        return {
          ok: false,
          refusal: toRefusal(r.error, { toolCallId: callOptions?.toolCallId }),
          error: r.error,
        };
      }
      const attempt = createAttempt(r.call, authorizeSettings, callOptions, r.written);
      return { ok: true, attempt, call: attempt };
    },
    call(tool, rawArguments, callOptions) {
      if (telemetry === undefined || !isArgsealTool(tool))
        return callOnce(tool, rawArguments, callOptions, true);
      return traceCall(telemetry, agent, tool.name, (traced) =>
        callOnce(tool, rawArguments, callOptions, traced),
      );
    },
  };
  async function callOnce<Output>(
    tool: Parameters<Authorizer['call']>[0],
    rawArguments: Parameters<Authorizer['call']>[1],
    callOptions: Parameters<Authorizer<Context>['call']>[2],
    traced: boolean,
  ): Promise<CallOutcome<Output>> {
    if (!isArgsealTool(tool)) {
      throw new ArgsealConfigError('invalid_tool', 'authorizer: tool must come from defineTool');
    }
    if (callOptions !== undefined) assertKnownOptions('call', callOptions, CALL_OPTION_KEYS);
    const p = traced ? tracedRun : plainRun;
    const r = await prepareCall(p.prepare, tool, rawArguments, callOptions);
    if (!r.ok) {
      return {
        status: 'invalid',
        tool: tool.name,
        toolCallId: callOptions?.toolCallId ?? '',
        error: r.error,
      };
    }
    // an attempt's lifecycle (the same policy, binding and execution as `run`) on a call
    // nobody else can reach, so no attempt object or ticket is needed around it
    const data = r.call;
    const opts = attemptOptions(data, callOptions);
    const auth = await authorizeCall(p.authorize, data, opts, r.written);
    if (auth.type !== 'allow') return notAllowed<Output>(data, auth);
    return executeCall<Output>(p.sink, data, auth, opts, p.telemetry);
  }
  return self;
}
