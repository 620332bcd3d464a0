import { defaultProvenanceRegistry } from '../kit/provenance-registry.js';
import type { AuthorizeSettings } from './authorize.js';
import type { AuthorizerConfig } from './authorizer-config.js';
import type { PrepareSettings } from './prepare.js';
import type { Telemetry } from './telemetry.js';
import { traceApprovals, traceAudit } from './telemetry-store.js';
import type { AuthorizerOptions } from './types.js';

/** What one run of the pipeline reads: its stages' settings, sink and telemetry. */
export interface PipelineSettings {
  prepare: PrepareSettings;
  authorize: AuthorizeSettings;
  sink: AuthorizeSettings['audit'];
  telemetry: Telemetry | undefined;
}

/**
 * The pipeline's settings, twice: `traced` (stage spans, traced stores) and `plain` (the
 * very same stores, no stage spans), for a `call` whose span is not recording (no SDK,
 * sampled out). Without telemetry both are one object. One object literal per settings
 * kind, so every authorizer's settings share one shape.
 */
export function pipelineSettings(
  config: AuthorizerConfig,
  options: AuthorizerOptions<any>,
): { traced: PipelineSettings; plain: PipelineSettings } {
  const { agent, telemetry } = config;
  const metrics = telemetry?.metrics;
  const pipeline = (
    audit: PipelineSettings['sink'],
    approvals: AuthorizerConfig['approvals'],
    telemetry: Telemetry | undefined,
  ): PipelineSettings => ({
    prepare: {
      agent,
      rewrite: config.rewrite,
      maxDepth: options.maxDepth,
      maxLength: options.maxLength,
      audit,
      generateId: config.generateId,
      sha256: options.sha256,
      schemaIssueMessages: options.schemaIssueMessages === true,
      approvals,
      provenance: options.provenance ?? defaultProvenanceRegistry,
      telemetry,
    },
    authorize: {
      policy: config.policy,
      onPolicyError: config.onPolicyError,
      mode: config.mode,
      approvals,
      audit,
      now: config.now,
      generateId: config.generateId,
      telemetry,
      metrics,
    },
    sink: audit,
    telemetry,
  });
  if (telemetry === undefined) {
    const plain = pipeline(config.audit, config.approvals, undefined);
    return { traced: plain, plain };
  }
  // with telemetry the traced pipeline sees traced stores
  const sink = config.audit && traceAudit(config.audit, telemetry);
  const approvals = config.approvals && traceApprovals(config.approvals, telemetry, agent);
  return {
    traced: pipeline(sink, approvals, telemetry),
    plain: pipeline(config.audit, config.approvals, undefined),
  };
}
