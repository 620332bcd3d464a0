// Core primitives and pipeline benchmarks (issues 2 and 3). Ratios are ours / baseline,
// measured in the same run; < 1 means argseal is faster.
import { createHash } from 'node:crypto';
import peerCanonicalize from 'canonicalize';
import { canonicalize as peerJsonCanonicalize } from 'json-canonicalize';
import { canonicalize, createSnapshot, parseStrictJson } from '../packages/core/dist/data.js';
import { computeProposalHash, createAuthorizer, defineTool } from '../packages/core/dist/index.js';
import { compare, fmtNs } from './harness.mjs';
import { large, largeText, small, smallText } from './payloads.mjs';
import { refundSchema } from './refund-schema.mjs';

const row = (what, payload, ours, base, goal, met) => ({ what, payload, ours, base, goal, met });

export async function runCoreBench() {
  const rows = [];
  for (const [label, value, text] of [
    ['2 KB', small, smallText],
    ['200 KB', large, largeText],
  ]) {
    const heavy = label === '200 KB';
    const opts = { rounds: heavy ? 7 : 9 };
    const c1 = await compare(
      {
        argseal: () => canonicalize(value),
        'canonicalize@5.1.0': () => peerCanonicalize(value),
        'json-canonicalize@3.0.1': () => peerJsonCanonicalize(value),
      },
      opts,
    );
    const r1 = c1.argseal / c1['canonicalize@5.1.0'];
    const r2 = c1.argseal / c1['json-canonicalize@3.0.1'];
    rows.push(
      row(
        'canonicalize (untrusted, validating) vs canonicalize@5.1.0',
        label,
        c1.argseal,
        c1['canonicalize@5.1.0'],
        '< 1.0x',
        r1 < 1,
      ),
    );
    rows.push(
      row(
        'canonicalize (untrusted, validating) vs json-canonicalize@3.0.1',
        label,
        c1.argseal,
        c1['json-canonicalize@3.0.1'],
        '< 1.0x',
        r2 < 1,
      ),
    );

    const snap = createSnapshot(value);
    const c2 = await compare(
      { argseal: () => canonicalize(snap), 'JSON.stringify': () => JSON.stringify(snap) },
      opts,
    );
    rows.push(
      row(
        'canonicalize (snapshot) vs JSON.stringify',
        label,
        c2.argseal,
        c2['JSON.stringify'],
        '≤ 2.0x',
        c2.argseal / c2['JSON.stringify'] <= 2,
      ),
    );

    const c3 = await compare(
      { argseal: () => parseStrictJson(text), 'JSON.parse': () => JSON.parse(text) },
      opts,
    );
    rows.push(
      row(
        'parseStrictJson vs JSON.parse',
        label,
        c3.argseal,
        c3['JSON.parse'],
        '≤ 1.7x',
        c3.argseal / c3['JSON.parse'] <= 1.7,
      ),
    );

    const c4 = await compare(
      {
        argseal: async () => {
          const snapshot = createSnapshot(parseStrictJson(text));
          await computeProposalHash({
            agent: 'support-bot',
            tool: 'refund',
            argsCanonicalJson: canonicalize(snapshot),
          });
        },
        'JSON.parse + JSON.stringify': async () => JSON.stringify(JSON.parse(text)),
      },
      { ...opts, async: true },
    );
    rows.push(
      row(
        'parseStrictJson + createSnapshot + canonicalize + computeProposalHash (per call)',
        label,
        c4.argseal,
        c4['JSON.parse + JSON.stringify'],
        'report',
        null,
      ),
    );
  }

  // issue 3: one allowed call through authorizer.call vs calling the tool directly
  let sink = 0;
  const execute = (input) => {
    sink += input.amount;
    return sink;
  };
  const tool = defineTool({ name: 'refund', schema: refundSchema, execute });
  const policy = () => ({ type: 'allow' });
  const webCrypto = createAuthorizer({ agent: 'support-bot', policy });
  const nodeDigest = createAuthorizer({
    agent: 'support-bot',
    policy,
    sha256: (t) => createHash('sha256').update(t).digest('hex'),
  });
  const run = (a) => async () => {
    const o = await a.call(tool, smallText);
    if (o.status !== 'executed') throw new Error(o.status);
  };
  const c5 = await compare(
    {
      webCrypto: run(webCrypto),
      nodeDigest: run(nodeDigest),
      baseline: async () => execute(refundSchema.parse(JSON.parse(smallText))),
    },
    { async: true },
  );
  rows.push(
    row(
      'authorizer.call (allowed), default Web Crypto digest, vs JSON.parse + zod + execute',
      '2 KB',
      c5.webCrypto,
      c5.baseline,
      '≤ 2.0x',
      c5.webCrypto / c5.baseline <= 2,
    ),
  );
  rows.push(
    row(
      'authorizer.call (allowed), `sha256` = node:crypto, vs JSON.parse + zod + execute',
      '2 KB',
      c5.nodeDigest,
      c5.baseline,
      '≤ 2.0x',
      c5.nodeDigest / c5.baseline <= 2,
    ),
  );
  const c6 = await compare(
    {
      webCrypto: () => computeProposalHash({ agent: 'a', tool: 't', argsCanonicalJson: smallText }),
      nodeDigest: async () =>
        createHash('sha256').update(`argseal/v1/proposal:${smallText}`).digest('hex'),
    },
    { async: true },
  );
  rows.push(
    row(
      'computeProposalHash (Web Crypto) vs node:crypto digest of the same text',
      '2 KB',
      c6.webCrypto,
      c6.nodeDigest,
      'report',
      null,
    ),
  );
  return rows;
}

export function formatRows(rows) {
  const lines = [
    '| benchmark | payload | argseal | baseline | ratio | goal | met |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    // a paired row gives the median of its per-round ratios
    const ratio = (r.ratio ?? r.ours / r.base).toFixed(2);
    const met = r.met === null ? '—' : r.met ? 'yes' : '**no**';
    lines.push(
      `| ${r.what} | ${r.payload} | ${fmtNs(r.ours)} | ${fmtNs(r.base)} | ${ratio}x | ${r.goal} | ${met} |`,
    );
  }
  return lines.join('\n');
}
