import { ArgsealConfigError } from '../errors.js';
import { toRefusal } from '../kit/refusal.js';
import { assertKnownOptions } from '../options/known-options.js';
import { isArgsealTool } from '../tool/define-tool.js';
import type { ArgsealTool } from '../tool/types.js';
import { attemptOptions, createAttempt, notAllowed } from './attempt.js';
import { authorizeCall } from './authorize.js';
import { readAuthorizerOptions } from './authorizer-config.js';
import { type PipelineSettings, pipelineSettings } from './pipeline-settings.js';
import { prepareCall } from './prepare.js';
import { executeCall } from './stages/execute.js';
import { traceCall } from './telemetry-stages.js';
import type {
  Authorizer,
  AuthorizerOptions,
  CallOptions,
  CallOutcome,
  PrepareResult,
} from './types.js';

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

/** The tool and per-call options of `prepare` / `call`, checked before anything runs. */
function checkCall(method: 'prepare' | 'call', tool: unknown, options: unknown): void {
  if (!isArgsealTool(tool)) {
    throw new ArgsealConfigError('invalid_tool', 'authorizer: tool must come from defineTool');
  }
  if (options !== undefined) assertKnownOptions(method, options, CALL_OPTION_KEYS);
}

/** `prepare`: the pipeline up to the proposal hash, wrapped in an attempt. */
async function prepareAttempt(
  p: PipelineSettings,
  tool: ArgsealTool,
  input: unknown,
  options: CallOptions<any> | undefined,
): Promise<PrepareResult> {
  checkCall('prepare', tool, options);
  // attempts are for adapters, which all read historyArguments
  const r = await prepareCall(p.prepare, tool, input, options, true);
  if (!r.ok) {
    const refusal = toRefusal(r.error, { toolCallId: options?.toolCallId });
    return { ok: false, refusal, error: r.error };
  }
  const attempt = createAttempt(r.call, p.authorize, options, r.written);
  return { ok: true, attempt, call: attempt };
}

/**
 * `call`: one attempt's whole lifecycle (the same policy, binding and execution as an
 * attempt's `run`) on a call nobody else can reach, so no attempt object is built.
 */
async function callOnce<Output>(
  p: PipelineSettings,
  tool: ArgsealTool<any, Output>,
  rawArguments: unknown,
  options: CallOptions<any> | undefined,
): Promise<CallOutcome<Output>> {
  checkCall('call', tool, options);
  const r = await prepareCall(p.prepare, tool, rawArguments, options);
  if (!r.ok) {
    const toolCallId = options?.toolCallId ?? '';
    return { status: 'invalid', tool: tool.name, toolCallId, error: r.error };
  }
  const data = r.call;
  const opts = attemptOptions(data, options);
  const auth = await authorizeCall(p.authorize, data, opts, r.written);
  if (auth.type !== 'allow') return notAllowed<Output>(data, auth);
  return executeCall<Output>(p.sink, data, auth, opts, p.telemetry);
}

/**
 * Creates the one lifecycle every adapter reuses: `prepare` (decode, rewrite, schema,
 * snapshot, hash) returns an attempt (policy, approval binding, execution on a fresh
 * copy); `call` runs one attempt whole.
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
  const config = readAuthorizerOptions(options);
  const { traced, plain } = pipelineSettings(config, options);
  const { agent, telemetry } = config;
  return {
    agent,
    mode: config.mode,
    approvals: config.approvals,
    audit: options.audit,
    prepare: (tool, input, callOptions) => prepareAttempt(traced, tool, input, callOptions),
    call(tool, rawArguments, callOptions) {
      if (telemetry === undefined || !isArgsealTool(tool))
        return callOnce(traced, tool, rawArguments, callOptions);
      // a call whose span is not recording runs the plain pipeline
      return traceCall(telemetry, agent, tool.name, (isTraced) =>
        callOnce(isTraced ? traced : plain, tool, rawArguments, callOptions),
      );
    },
  };
}
