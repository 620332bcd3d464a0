import type { AuditSink } from '../../audit/types.js';
import { ArgsealError } from '../../errors.js';
import { decodeCanonical } from '../../json/canonicalize.js';
import type { PreparedData } from '../prepared-data.js';
import type { Telemetry } from '../telemetry.js';
import { inExecuteSpan } from '../telemetry-stages.js';
import type { AuthorizationResult, CallOptions, CallOutcome, ExecuteOptions } from '../types.js';

/**
 * Runs the tool on a fresh decoded copy of the snapshot, never on raw or requested
 * arguments; inside span `argseal.execute` when telemetry is configured.
 */
export function executeCall<Output>(
  audit: AuditSink | undefined,
  call: PreparedData,
  authorization: Extract<AuthorizationResult, { type: 'allow' }>,
  options: (CallOptions<any> & ExecuteOptions) | undefined,
  telemetry: Telemetry | undefined,
): Promise<CallOutcome<Output>> {
  return telemetry === undefined
    ? runTool<Output>(audit, call, authorization, options)
    : inExecuteSpan(telemetry, call, () => runTool<Output>(audit, call, authorization, options));
}

async function runTool<Output>(
  audit: AuditSink | undefined,
  call: PreparedData,
  authorization: Extract<AuthorizationResult, { type: 'allow' }>,
  options: (CallOptions<any> & ExecuteOptions) | undefined,
): Promise<CallOutcome<Output>> {
  const base = {
    agent: call.agent,
    tool: call.tool.name,
    toolCallId: call.toolCallId,
    proposalHash: call.proposalHash,
  };
  try {
    const result = (await call.tool.execute(decodeCanonical(call.argsCanonicalJson), {
      agent: call.agent,
      toolCallId: call.toolCallId,
      proposalHash: call.proposalHash,
      argsCanonicalJson: call.argsCanonicalJson,
      context: options?.context,
      ...(authorization.grant ? { grant: authorization.grant } : {}),
      ...(options?.signal ? { signal: options.signal } : {}),
      ...(options?.host !== undefined ? { host: options.host } : {}),
    })) as Output;
    await audit?.append({
      type: 'executed',
      ...base,
      argsCanonicalJson: call.argsCanonicalJson,
      ...(call.originalArguments !== undefined
        ? { originalArguments: call.originalArguments }
        : {}),
      ...(authorization.shadow ? { mode: 'shadow' as const } : {}),
    });
    return {
      status: 'executed',
      tool: call.tool.name,
      toolCallId: call.toolCallId,
      result,
      proposalHash: call.proposalHash,
      argsCanonicalJson: call.argsCanonicalJson,
      rewritten: call.rewritten,
      originalArguments: call.originalArguments,
      ...(authorization.grant ? { grant: authorization.grant } : {}),
    };
  } catch (error) {
    await audit?.append({
      type: 'failed',
      ...base,
      error: { code: ArgsealError.isInstance(error) ? error.code : 'tool_error' },
    });
    return {
      status: 'failed',
      tool: call.tool.name,
      toolCallId: call.toolCallId,
      error,
      proposalHash: call.proposalHash,
      argsCanonicalJson: call.argsCanonicalJson,
    };
  }
}
