// Issue 19 goal 2: `authorizer.call` (default configuration on Node, i.e. the `node`
// export condition of @argseal/core) against the ideal pipeline that keeps every
// guarantee: one strict parse, one schema parse, one RFC 8785 serialization, one SHA-256,
// one fresh copy for execution, execute. Also the OpenTelemetry cost (goal 6).
import { hash as nodeHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { canonicalize, parseStrictJson } from '../packages/core/dist/node/data.js';
import {
  createAuthorizer,
  createMemoryAuditLog,
  defineTool,
} from '../packages/core/dist/node/index.js';
import { compare, pairedRatios } from './harness.mjs';
import { smallText } from './payloads.mjs';
import { refundSchema } from './refund-schema.mjs';

// @opentelemetry/api is core's dev dependency (an optional peer for users): the API's
// no-op tracer and meter, with no SDK registered
const otelApi = await import(
  pathToFileURL(
    createRequire(new URL('../packages/core/package.json', import.meta.url)).resolve(
      '@opentelemetry/api',
    ),
  ).href
);

const row = (what, payload, ours, base, goal, met) => ({ what, payload, ours, base, goal, met });

export async function runCallBench() {
  let sink = 0;
  const execute = (input) => {
    sink += input.amount;
    return sink;
  };
  const tool = defineTool({ name: 'refund', schema: refundSchema, execute });
  // a policy that reads the arguments, as real ones do
  const policy = ({ parsedArguments }) =>
    parsedArguments.amount <= 1_000_000 ? { type: 'allow' } : { type: 'deny', reason: 'ceiling' };
  const noAudit = createAuthorizer({ agent: 'support-bot', policy });
  // a fresh log per round would hide growth: one log for the whole run, as in a process
  const withAudit = createAuthorizer({
    agent: 'support-bot',
    policy,
    audit: createMemoryAuditLog(),
  });
  const withNoopTelemetry = createAuthorizer({
    agent: 'support-bot',
    policy,
    telemetry: {
      tracer: otelApi.trace.getTracer('bench'),
      meter: otelApi.metrics.getMeter('bench'),
    },
  });
  const run = (a) => async () => {
    const o = await a.call(tool, smallText);
    if (o.status !== 'executed') throw new Error(o.status);
  };
  const ideal = async () => {
    const parsed = parseStrictJson(smallText);
    const value = refundSchema.parse(parsed);
    const text = canonicalize(value);
    const hash = nodeHash(
      'sha256',
      `argseal/v1/proposal:{"agent":"support-bot","args":${text},"tool":"refund"}`,
      'hex',
    );
    if (hash.length !== 64) throw new Error('hash');
    if (policy({ parsedArguments: value }).type !== 'allow') throw new Error('policy');
    return execute(JSON.parse(text));
  };
  const c = await compare(
    { ideal, auditOff: run(noAudit), auditOn: run(withAudit) },
    { async: true, clock: 'cpu', rounds: 11 },
  );
  // goal 6 in a group of its own, after goal 2's: a process runs one configuration, and
  // interleaving telemetry calls with the default ones makes the shared pipeline code
  // polymorphic, which slowed the default-config rows by 15-40% in the same run. Paired
  // rounds (rotating order, per-round ratios) with an A/A pair, the authorizer without
  // telemetry against itself, so the row shows what noise is in this run
  const base = run(noAudit);
  const t = await pairedRatios(base, { aa: base, noopTelemetry: run(withNoopTelemetry) });
  const band = (r) => `p25–p75 ${r.p25.toFixed(2)}–${r.p75.toFixed(2)}x`;
  return [
    row(
      'authorizer.call (allowed, default config on Node, no audit) vs ideal pipeline',
      '2 KB',
      c.auditOff,
      c.ideal,
      '≤ 1.5x',
      c.auditOff / c.ideal <= 1.5,
    ),
    row(
      'authorizer.call (allowed, default config on Node, memory audit log) vs ideal pipeline',
      '2 KB',
      c.auditOn,
      c.ideal,
      '≤ 2.0x',
      c.auditOn / c.ideal <= 2,
    ),
    {
      ...row(
        `authorizer.call with telemetry (API no-op tracer + meter, no SDK) vs without (goal 6; paired rounds, ${band(t.noopTelemetry)})`,
        '2 KB',
        t.noopTelemetry.ratio * t.noopTelemetry.base,
        t.noopTelemetry.base,
        'within noise (≤ 1.05x)',
        t.noopTelemetry.ratio <= 1.05,
      ),
      ratio: t.noopTelemetry.ratio,
    },
    {
      ...row(
        `A/A: authorizer.call without telemetry vs itself, same rounds (the noise; ${band(t.aa)})`,
        '2 KB',
        t.aa.ratio * t.aa.base,
        t.aa.base,
        '—',
        null,
      ),
      ratio: t.aa.ratio,
    },
  ];
}
