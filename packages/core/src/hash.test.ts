import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ArgsealError } from './errors.js';
import { computeProposalHash, isHashHex, PROPOSAL_HASH_PREFIX, sha256Hex } from './hash.js';
import { referenceJcs } from './json/__fixtures__/strict-values.js';
import { canonicalize } from './json/canonicalize.js';
import { parseStrictJson } from './json/parse-strict-json.js';
import { createSnapshot } from './json/snapshot.js';

const nodeSha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** The DESIGN preimage, built independently of core. */
const designPreimage = (agent: string, tool: string, argsCanonicalJson: string) =>
  `argseal/v1/proposal:{"agent":${JSON.stringify(agent)},"args":${argsCanonicalJson},"tool":${JSON.stringify(tool)}}`;

/** The pipeline as an adapter runs it: strict decode, snapshot, JCS, hash. */
async function proposalHashOf(agent: string, tool: string, raw: string): Promise<string> {
  const argsCanonicalJson = canonicalize(createSnapshot(parseStrictJson(raw)));
  return computeProposalHash({ agent, tool, argsCanonicalJson });
}

describe('sha256Hex', () => {
  it('matches the FIPS 180-2 vectors and node:crypto on UTF-8 text', async () => {
    expect(await sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(await sha256Hex('')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    for (const s of ['é', '😀', '\u0000', 'a'.repeat(1000), '\u20ac\ufb33']) {
      expect(await sha256Hex(s)).toBe(nodeSha256(s));
    }
  });
});

describe('computeProposalHash', () => {
  it('known answer: a refund call', async () => {
    const preimage =
      'argseal/v1/proposal:{"agent":"support-bot","args":{"amount":25,"currency":"EUR","orderId":"A-1001"},"tool":"refund"}';
    const expected = '7807835eb918d1cb0c4bece90d240e5e24f2910bc1a4c88627879caf718287db';
    expect(nodeSha256(preimage)).toBe(expected);
    const raw = '{ "orderId": "A-1001", "currency": "EUR", "amount": 25 }';
    expect(await proposalHashOf('support-bot', 'refund', raw)).toBe(expected);
  });

  it('known answer: escapes, non-ASCII and a __proto__ key', async () => {
    const preimage =
      'argseal/v1/proposal:{"agent":"agent \\"é\\" 😀","args":{"__proto__":{"x":[1.5,null]},"€":"\\n"},"tool":"t"}';
    const expected = '0b72583457fcd72213f2d4e945143d7ebc74c00bfd426ad064bf440aebea7b3d';
    expect(nodeSha256(preimage)).toBe(expected);
    const raw = '{"\\u20ac":"\\n","__proto__":{"x":[15e-1,null]}}';
    expect(await proposalHashOf('agent "é" 😀', 't', raw)).toBe(expected);
  });

  it('equals node:crypto over the DESIGN string, lowercase hex', async () => {
    const cases: [string, string, unknown][] = [
      ['a', 'b', {}],
      ['support-bot', 'refund', { amount: 10.5, to: ['x', 'y'], memo: null }],
      ['\u00e9quipe/\u6f22\u5b57', 'tool.with"quote', { '\ud83d\ude02': 'x', '\r': [true] }],
      ['agent', 'tool', [1, '2', [3]]],
      ['agent', 'tool', 'a string'],
      ['agent', 'tool', 0],
    ];
    expect(PROPOSAL_HASH_PREFIX).toBe('argseal/v1/proposal:');
    for (const [agent, tool, args] of cases) {
      const argsCanonicalJson = canonicalize(args);
      const got = await computeProposalHash({ agent, tool, argsCanonicalJson });
      expect(got).toMatch(/^[0-9a-f]{64}$/);
      expect(isHashHex(got)).toBe(true);
      expect(got).toBe(nodeSha256(designPreimage(agent, tool, argsCanonicalJson)));
      // the same preimage written as JCS of {agent, args, tool} by the reference serializer
      expect(got).toBe(nodeSha256(`argseal/v1/proposal:${referenceJcs({ agent, args, tool })}`));
    }
  });

  it('key order and whitespace do not change the hash; any changed byte does', async () => {
    const h = await proposalHashOf('bot', 'refund', '{"amount":25,"orderId":"A-1"}');
    expect(await proposalHashOf('bot', 'refund', ' { "orderId" : "A-1" ,\n"amount":25 } ')).toBe(h);
    expect(await proposalHashOf('bot', 'refund', '{"amount":25.0,"orderId":"A-1"}')).toBe(h);
    expect(await proposalHashOf('bot', 'refund', '{"amount":26,"orderId":"A-1"}')).not.toBe(h);
    expect(await proposalHashOf('bot', 'refund', '{"amount":25,"orderId":"A-2"}')).not.toBe(h);
    expect(await proposalHashOf('bot2', 'refund', '{"amount":25,"orderId":"A-1"}')).not.toBe(h);
    expect(await proposalHashOf('bot', 'refunds', '{"amount":25,"orderId":"A-1"}')).not.toBe(h);
  });

  it('separates agent from tool and is domain-prefixed', async () => {
    const args = canonicalize({ a: 1 });
    const ab = await computeProposalHash({ agent: 'a', tool: 'b', argsCanonicalJson: args });
    const ba = await computeProposalHash({ agent: 'b', tool: 'a', argsCanonicalJson: args });
    expect(ab).not.toBe(ba);
    expect(ab).not.toBe(nodeSha256(`{"agent":"a","args":${args},"tool":"b"}`));
  });

  it.each(['__proto__', 'constructor', 'prototype'])(
    'hashes a %s key as data (hash differs from without it)',
    async (key) => {
      const withKey = await proposalHashOf('bot', 'refund', `{"${key}":{"isAdmin":true},"a":1}`);
      const without = await proposalHashOf('bot', 'refund', '{"a":1}');
      const emptyValue = await proposalHashOf('bot', 'refund', `{"${key}":{},"a":1}`);
      expect(withKey).not.toBe(without);
      expect(withKey).not.toBe(emptyValue);
      const sorted =
        key === '__proto__'
          ? `{"${key}":{"isAdmin":true},"a":1}`
          : `{"a":1,"${key}":{"isAdmin":true}}`;
      expect(withKey).toBe(nodeSha256(designPreimage('bot', 'refund', sorted)));
    },
  );

  it.each([
    [{ agent: '', tool: 't', argsCanonicalJson: '{}' }, 'invalid_agent'],
    [{ agent: 'a\ud800', tool: 't', argsCanonicalJson: '{}' }, 'invalid_agent'],
    [{ agent: 7, tool: 't', argsCanonicalJson: '{}' }, 'invalid_agent'],
    [{ agent: 'a', tool: '', argsCanonicalJson: '{}' }, 'invalid_tool'],
    [{ agent: 'a', tool: undefined, argsCanonicalJson: '{}' }, 'invalid_tool'],
    [{ agent: 'a', tool: 't', argsCanonicalJson: '' }, 'invalid_args_canonical_json'],
    [{ agent: 'a', tool: 't', argsCanonicalJson: { a: 1 } }, 'invalid_args_canonical_json'],
  ])('rejects bad input %# with %s', async (input, code) => {
    const p = computeProposalHash(input as unknown as Parameters<typeof computeProposalHash>[0]);
    await expect(p).rejects.toSatisfy((e: unknown) => ArgsealError.isInstance(e));
    await expect(p).rejects.toMatchObject({ code });
  });
});
