// The parts of `@opentelemetry/api` argseal uses, as structural types (argseal never imports it).

/** A span attribute value (a subset of `@opentelemetry/api`'s `AttributeValue`). */
export type TelemetryAttributes = Record<string, string | number | boolean>;

/** The part of an `@opentelemetry/api` `Span` argseal uses. */
export interface TelemetrySpan {
  setAttribute(key: string, value: string | number | boolean): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  end(): void;
  /**
   * `false` when the span is not recorded (no SDK registered, or sampled out): argseal then
   * skips the call's stage and store spans. Without it, spans are treated as recorded.
   */
  isRecording?(): boolean;
}

/**
 * The part of an `@opentelemetry/api` `Tracer` argseal uses; pass `trace.getTracer(...)`.
 * argseal never imports `@opentelemetry/api`: it only calls the objects you give it.
 */
export interface TelemetryTracer {
  startSpan(name: string, options?: { attributes?: TelemetryAttributes }): TelemetrySpan;
  startActiveSpan<F extends (span: TelemetrySpan) => unknown>(
    name: string,
    options: { attributes?: TelemetryAttributes },
    fn: F,
  ): ReturnType<F>;
}

/** The part of an `@opentelemetry/api` `Meter` argseal uses; pass `metrics.getMeter(...)`. */
export interface TelemetryMeter {
  createCounter(
    name: string,
    options?: { description?: string; unit?: string },
  ): { add(value: number, attributes?: TelemetryAttributes): void };
  createHistogram(
    name: string,
    options?: { description?: string; unit?: string },
  ): { record(value: number, attributes?: TelemetryAttributes): void };
}

/**
 * Option `telemetry` of `createAuthorizer`: OpenTelemetry objects you already have. Spans
 * and attributes never carry argument values: only tool, agent, stage, proposal hash,
 * decision, outcome and stable error codes.
 */
export interface AuthorizerTelemetry {
  tracer: TelemetryTracer;
  /** When given: counter `argseal.decisions` and histogram `argseal.call.duration` (ms). */
  meter?: TelemetryMeter;
}
