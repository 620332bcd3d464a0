import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { computeProposalHash } from '@argseal/core';
import { canonicalize, parseStrictJson } from '@argseal/core/data';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runBin } from './__fixtures__/run-bin.js';

const NAMES = ['--agent', 'support-bot', '--tool', 'refund'];

async function hashOf(input: string, names = NAMES) {
  const r = await runBin(['hash', ...names], input);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  expect(r.stdout).toMatch(/^[0-9a-f]{64}\n$/);
  return r.stdout.trimEnd();
}

describe('argseal hash', () => {
  it('prints computeProposalHash of the canonical arguments', async () => {
    const text = readFileSync(join(FIXTURES, 'refund.json'), 'utf8');
    const expected = await computeProposalHash({
      agent: 'support-bot',
      tool: 'refund',
      argsCanonicalJson: canonicalize(parseStrictJson(text)),
    });
    const r = await runBin(['hash', ...NAMES, 'refund.json']);
    expect(r).toEqual({ status: 0, stdout: `${expected}\n`, stderr: '' });
  });

  it('matches the hash format of DESIGN, computed independently with node:crypto', async () => {
    const jcs = '{"amount":1250,"to":"acct_42"}';
    const preimage = `argseal/v1/proposal:{"agent":"support-bot","args":${jcs},"tool":"refund"}`;
    const expected = createHash('sha256').update(preimage, 'utf8').digest('hex');
    expect(await hashOf('{ "to" : "acct_42", "amount" : 1250 }')).toBe(expected);
  });

  it('reads stdin for "-", for no FILE, and agrees with the file form', async () => {
    const input = readFileSync(join(FIXTURES, 'refund.json'), 'utf8');
    const fromFile = (await runBin(['hash', 'refund.json', ...NAMES])).stdout;
    expect(`${await hashOf(input, [...NAMES, '-'])}\n`).toBe(fromFile);
    expect(`${await hashOf(input)}\n`).toBe(fromFile);
  });

  it('gives one hash for key-order and whitespace variants', async () => {
    const variants = [
      '{"to":"acct_42","amount":1250,"currency":"EUR"}',
      '{"currency":"EUR","amount":1250,"to":"acct_42"}',
      '\n\t{ "amount" : 1250 ,\r\n "to":"acct_42","currency" :"EUR" }  \n',
      '{"amount":1.25e3,"currency":"\\u0045UR","to":"acct_42"}',
    ];
    const hashes = await Promise.all(variants.map((v) => hashOf(v)));
    expect(new Set(hashes).size).toBe(1);
  });

  it('gives another hash for a changed value, agent or tool', async () => {
    const base = '{"to":"acct_42","amount":1250}';
    const all = [
      await hashOf(base),
      await hashOf('{"to":"acct_42","amount":1251}'),
      await hashOf('{"to":"acct_42","amount":"1250"}'),
      await hashOf(base, ['--agent', 'other-bot', '--tool', 'refund']),
      await hashOf(base, ['--agent', 'support-bot', '--tool', 'refund2']),
    ];
    expect(new Set(all).size).toBe(all.length);
  });

  it('accepts --agent=VALUE, including values that start with "-"', async () => {
    const expected = await computeProposalHash({ agent: '-x', tool: 't', argsCanonicalJson: '{}' });
    expect(await hashOf('{}', ['--agent=-x', '--tool=t'])).toBe(expected);
  });
});
