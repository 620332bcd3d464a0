import { metrics, trace } from '@opentelemetry/api';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { ArgsealConfigError } from '../errors.js';
import { args, setup } from './__fixtures__/refund.js';

const SECRET = 'SECRET-d41c9e-marker';

class TestReader extends MetricReader {
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

function traced() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const reader = new TestReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  const telemetry = {
    tracer: provider.getTracer('argseal-test'),
    meter: meterProvider.getMeter('argseal-test'),
  };
  const ctx = setup({ telemetry });
  const spans = () => exporter.getFinishedSpans();
  /** Everything exported: span names, attributes, events, status, and all metric data. */
  const everything = async () =>
    JSON.stringify({
      spans: spans().map((s) => ({
        name: s.name,
        attributes: s.attributes,
        events: s.events,
        status: s.status,
        links: s.links,
      })),
      metrics: (await reader.collect()).resourceMetrics.scopeMetrics,
    });
  return { ...ctx, spans, everything, reader };
}

const named = <S extends { name: string }>(spans: S[], name: string) =>
  spans.filter((s) => s.name === name);

describe('OpenTelemetry (optional)', () => {
  it('an allowed call has a span per stage, the call span and store spans, without payloads', async () => {
    const t = traced();
    const outcome = await t.authorizer.call(t.tool, args(500, { memo: SECRET }));
    expect(outcome.status).toBe('executed');
    const names = t.spans().map((s) => s.name);
    for (const stage of ['decode', 'schema', 'snapshot', 'policy', 'execute', 'call'])
      expect(names).toContain(`argseal.${stage}`);
    expect(names).toContain('argseal.audit.append');
    const [call] = named(t.spans(), 'argseal.call');
    expect(call?.attributes).toMatchObject({
      'argseal.tool': 'refund',
      'argseal.agent': 'support-bot',
      'argseal.outcome': 'executed',
      'argseal.proposal_hash': outcome.status === 'executed' ? outcome.proposalHash : '',
    });
    expect(named(t.spans(), 'argseal.policy')[0]?.attributes['argseal.decision']).toBe('allow');
    const data = await t.everything();
    expect(data).not.toContain(SECRET);
    expect(data).toContain('support-bot');
    expect(data).toContain('argseal.decisions');
    expect(data).toContain('argseal.call.duration');
  });

  it('a denied call records the decision, executes nothing, and exports no argument value', async () => {
    const t = traced();
    const outcome = await t.authorizer.call(t.tool, args(2_000_000, { memo: SECRET }));
    expect(outcome.status).toBe('denied');
    expect(t.executed).toHaveLength(0);
    expect(named(t.spans(), 'argseal.execute')).toHaveLength(0);
    expect(named(t.spans(), 'argseal.policy')[0]?.attributes['argseal.decision']).toBe('deny');
    expect(named(t.spans(), 'argseal.call')[0]?.attributes['argseal.outcome']).toBe('denied');
    expect(await t.everything()).not.toContain(SECRET);
  });

  it('a suspended call has approval and store spans with the proposal hash', async () => {
    const t = traced();
    const outcome = await t.authorizer.call(t.tool, args(50_000, { memo: SECRET }));
    if (outcome.status !== 'suspended') throw new Error('expected suspension');
    const [approval] = named(t.spans(), 'argseal.approval');
    expect(approval?.attributes).toMatchObject({
      'argseal.decision': 'suspended',
      'argseal.proposal_hash': outcome.proposal.proposalHash,
    });
    expect(named(t.spans(), 'argseal.store.consume')).toHaveLength(1);
    expect(named(t.spans(), 'argseal.store.suspend')).toHaveLength(1);
    expect(t.executed).toHaveLength(0);
    expect(await t.everything()).not.toContain(SECRET);
  });

  it('a call refused at decode ends the decode span with the stable code only', async () => {
    const t = traced();
    const raw = `{"orderId":"${SECRET}","orderId":"${SECRET}","amount":5,"currency":"EUR"}`;
    const outcome = await t.authorizer.call(t.tool, raw);
    expect(outcome.status).toBe('invalid');
    const [decode] = named(t.spans(), 'argseal.decode');
    expect(decode?.attributes['argseal.code']).toBe('duplicate_key');
    expect(decode?.status).toEqual({ code: 2, message: 'duplicate_key' });
    expect(named(t.spans(), 'argseal.schema')).toHaveLength(0);
    expect(named(t.spans(), 'argseal.policy')).toHaveLength(0);
    expect(t.executed).toHaveLength(0);
    expect(await t.everything()).not.toContain(SECRET);
  });

  it('works with the API no-op tracer when no SDK is registered', async () => {
    const ctx = setup({
      telemetry: { tracer: trace.getTracer('noop'), meter: metrics.getMeter('noop') },
    });
    expect((await ctx.authorizer.call(ctx.tool, args(5))).status).toBe('executed');
  });

  it.each([
    ['telemetry not an object', 'tracer' as never, 'invalid_telemetry'],
    ['telemetry null', null as never, 'invalid_telemetry'],
    ['tracer missing', {} as never, 'invalid_tracer'],
    [
      'tracer without startActiveSpan',
      { tracer: { startSpan: () => ({}) } } as never,
      'invalid_tracer',
    ],
    [
      'meter without createHistogram',
      { tracer: trace.getTracer('x'), meter: { createCounter: () => ({}) } } as never,
      'invalid_meter',
    ],
  ])('bad config (%s) is ArgsealConfigError %s and nothing executes', (_, telemetry, code) => {
    let ctx: ReturnType<typeof setup> | undefined;
    let error: unknown;
    try {
      ctx = setup({ telemetry });
    } catch (e) {
      error = e;
    }
    expect(ctx).toBeUndefined();
    expect(ArgsealConfigError.isInstance(error) && error.code).toBe(code);
  });
});
