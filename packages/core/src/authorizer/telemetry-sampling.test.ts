import { createHash } from 'node:crypto';
import { metrics, trace } from '@opentelemetry/api';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SamplingDecision,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { createBatchingSink } from './__fixtures__/batching-sink.js';
import { args, setup } from './__fixtures__/refund.js';
import type { TelemetryTracer } from './telemetry.js';

const SECRET = 'SECRET-7f03aa-marker';

class TestReader extends MetricReader {
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

/** An SDK whose sampler records every span except the `argseal.call` spans `keep` refuses. */
function sdk(keep: (callIndex: number) => boolean) {
  let calls = 0;
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    sampler: {
      shouldSample: (_ctx, _trace, name) => ({
        decision:
          name !== 'argseal.call' || keep(calls++)
            ? SamplingDecision.RECORD_AND_SAMPLED
            : SamplingDecision.NOT_RECORD,
      }),
      toString: () => 'test',
    },
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const reader = new TestReader();
  const meter = new MeterProvider({ readers: [reader] }).getMeter('argseal-test');
  const points = async (name: string) =>
    (await reader.collect()).resourceMetrics.scopeMetrics
      .flatMap((s) => s.metrics)
      .filter((m) => m.descriptor.name === name)
      .flatMap((m): { attributes: object; value: any }[] => m.dataPoints);
  return { tracer: provider.getTracer('argseal-test'), meter, exporter, reader, points };
}

/** The API tracer (no SDK registered), counting what argseal asks of it. */
function countingNoopTracer() {
  const inner = trace.getTracer('noop');
  const count = { startSpan: 0, startActiveSpan: 0 };
  const tracer: TelemetryTracer = {
    startSpan: (name, options) => {
      count.startSpan++;
      return inner.startSpan(name, options);
    },
    startActiveSpan: ((name: string, options: object, fn: (span: never) => unknown) => {
      count.startActiveSpan++;
      return inner.startActiveSpan(name, options, fn as never);
    }) as TelemetryTracer['startActiveSpan'],
  };
  return { tracer, count };
}

describe('OpenTelemetry when the call span is not recording', () => {
  it('no SDK: one call span per call, no stage or store span, approvals still bind', async () => {
    const { tracer, count } = countingNoopTracer();
    const ctx = setup({ telemetry: { tracer, meter: metrics.getMeter('noop') } });
    expect((await ctx.authorizer.call(ctx.tool, args(5))).status).toBe('executed');
    const suspended = await ctx.authorizer.call(ctx.tool, args(50_000), { toolCallId: 'c1' });
    expect(suspended.status).toBe('suspended');
    expect(ctx.executed.map((e) => e.amount)).toEqual([5]);
    expect(count).toEqual({ startSpan: 0, startActiveSpan: 2 });
  });

  it('a call sampled out by a registered SDK exports no span; its metrics are still recorded', async () => {
    const s = sdk(() => false);
    const ctx = setup({ telemetry: { tracer: s.tracer, meter: s.meter } });
    expect((await ctx.authorizer.call(ctx.tool, args(5, { memo: SECRET }))).status).toBe(
      'executed',
    );
    expect((await ctx.authorizer.call(ctx.tool, args(6))).status).toBe('executed');
    expect((await ctx.authorizer.call(ctx.tool, args(2_000_000))).status).toBe('denied');
    expect(s.exporter.getFinishedSpans()).toEqual([]);
    const decisions = await s.points('argseal.decisions');
    expect(decisions.map((p) => [p.attributes, p.value])).toEqual([
      [
        { 'argseal.agent': 'support-bot', 'argseal.tool': 'refund', 'argseal.decision': 'allow' },
        2,
      ],
      [{ 'argseal.agent': 'support-bot', 'argseal.tool': 'refund', 'argseal.decision': 'deny' }, 1],
    ]);
    const durations = await s.points('argseal.call.duration');
    expect(durations.map((p) => [p.attributes, p.value.count])).toEqual([
      [
        {
          'argseal.agent': 'support-bot',
          'argseal.tool': 'refund',
          'argseal.stage': 'call',
          'argseal.outcome': 'executed',
        },
        2,
      ],
      [
        {
          'argseal.agent': 'support-bot',
          'argseal.tool': 'refund',
          'argseal.stage': 'call',
          'argseal.outcome': 'denied',
        },
        1,
      ],
    ]);
    expect(JSON.stringify((await s.reader.collect()).resourceMetrics)).not.toContain(SECRET);
  });

  it('the sampling decision is per call: a sampled call keeps its stage and store spans', async () => {
    const s = sdk((i) => i === 1);
    const ctx = setup({ telemetry: { tracer: s.tracer, meter: s.meter } });
    for (const amount of [5, 6, 7])
      expect((await ctx.authorizer.call(ctx.tool, args(amount))).status).toBe('executed');
    const names = s.exporter.getFinishedSpans().map((span) => span.name);
    expect(names.filter((n) => n === 'argseal.call')).toHaveLength(1);
    for (const stage of ['decode', 'schema', 'snapshot', 'policy', 'execute'])
      expect(names.filter((n) => n === `argseal.${stage}`)).toHaveLength(1);
    expect(names.filter((n) => n === 'argseal.audit.append')).toHaveLength(3);
    const [point] = await s.points('argseal.decisions');
    expect(point?.value).toBe(3);
  });

  it('traced or not, a prefix-durable sink keeps its declaration (one batch for proposed + decided)', async () => {
    const b = createBatchingSink('batched', Infinity, 'prefix');
    const s = sdk((i) => i === 0);
    const ctx = setup({
      audit: b.sink,
      sha256: (text) => createHash('sha256').update(text).digest('hex'),
      telemetry: { tracer: s.tracer },
    });
    expect((await ctx.authorizer.call(ctx.tool, args(5))).status).toBe('executed');
    expect((await ctx.authorizer.call(ctx.tool, args(6))).status).toBe('executed');
    expect(b.batches).toEqual([
      ['proposed', 'decided'],
      ['executed'],
      ['proposed', 'decided'],
      ['executed'],
    ]);
  });
});
