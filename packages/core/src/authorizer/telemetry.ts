import { ArgsealConfigError } from '../errors.js';
import type { TelemetryMeter, TelemetrySpan, TelemetryTracer } from './telemetry-api.js';
import { type CallMetrics, createCallMetrics } from './telemetry-metrics.js';

export type {
  AuthorizerTelemetry,
  TelemetryAttributes,
  TelemetryMeter,
  TelemetrySpan,
  TelemetryTracer,
} from './telemetry-api.js';

/** The authorizer's validated telemetry, with its instruments created once. */
export interface Telemetry {
  readonly tracer: TelemetryTracer;
  readonly metrics: CallMetrics | undefined;
}

const ERROR = 2; // SpanStatusCode.ERROR

function fail(
  code: 'invalid_telemetry' | 'invalid_tracer' | 'invalid_meter',
  message: string,
): never {
  throw new ArgsealConfigError(code, `createAuthorizer: ${message}`);
}

/**
 * Validates option `telemetry`.
 *
 * @throws {ArgsealConfigError} `invalid_telemetry`, `invalid_tracer`, `invalid_meter`.
 */
export function readTelemetry(option: unknown, agent: string): Telemetry | undefined {
  if (option === undefined) return undefined;
  if (typeof option !== 'object' || option === null || Array.isArray(option))
    fail('invalid_telemetry', 'telemetry must be an object { tracer, meter? }');
  const { tracer, meter } = option as { tracer?: unknown; meter?: unknown };
  const t = tracer as Partial<TelemetryTracer> | null | undefined;
  if (
    typeof t !== 'object' ||
    t === null ||
    typeof t.startSpan !== 'function' ||
    typeof t.startActiveSpan !== 'function'
  )
    fail('invalid_tracer', 'telemetry.tracer must have startSpan and startActiveSpan');
  const m = meter as Partial<TelemetryMeter> | null | undefined;
  if (
    m !== undefined &&
    (typeof m !== 'object' ||
      m === null ||
      typeof m.createCounter !== 'function' ||
      typeof m.createHistogram !== 'function')
  )
    fail('invalid_meter', 'telemetry.meter must have createCounter and createHistogram');
  return {
    tracer: t as TelemetryTracer,
    metrics: m === undefined ? undefined : createCallMetrics(m as TelemetryMeter, agent),
  };
}

/** Ends `previous` (if any) and starts stage span `argseal.<stage>` (payload-free attributes). */
export function nextStage(
  t: Telemetry,
  previous: TelemetrySpan | undefined,
  stage: string,
  agent: string,
  tool: string,
): TelemetrySpan {
  previous?.end();
  return t.tracer.startSpan(`argseal.${stage}`, {
    attributes: { 'argseal.stage': stage, 'argseal.agent': agent, 'argseal.tool': tool },
  });
}

/** Ends a span as failed with the stable error code only (never a message or payload). */
export function endFailed(span: TelemetrySpan, code: string): void {
  span.setAttribute('argseal.code', code);
  span.setStatus({ code: ERROR, message: code });
  span.end();
}

/** The stage spans of one prepare: one open at a time, each ended by the next. */
export interface StageSpans {
  /** Ends the open span (if any) and starts `argseal.<stage>`. */
  next(stage: string): void;
  /** Ends the open span with the call's proposal hash. */
  end(proposalHash: string): void;
  /** Ends the open span (if any) as failed with `code`. */
  fail(code: string): void;
}

/** Stage spans for one call of `agent` to `tool` (created only when telemetry is on). */
export function stageSpans(t: Telemetry, agent: string, tool: string): StageSpans {
  let span: TelemetrySpan | undefined;
  return {
    next(stage) {
      span = nextStage(t, span, stage, agent, tool);
    },
    end(proposalHash) {
      span?.setAttribute('argseal.proposal_hash', proposalHash);
      span?.end();
      span = undefined;
    },
    fail(code) {
      if (span) endFailed(span, code);
      span = undefined;
    },
  };
}
