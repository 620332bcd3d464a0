import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalize, parseStrictJson } from '@argseal/core/data';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runBin } from './__fixtures__/run-bin.js';

const REFUND_JCS =
  '{"amount":1250,"currency":"EUR","lines":[1.5,100,-0.001,true,null],"memo":"refund é€ 😀","to":"acct_42"}';

describe('argseal canonicalize', () => {
  it('prints the RFC 8785 text of a file, then a newline', async () => {
    const r = await runBin(['canonicalize', 'refund.json']);
    expect(r).toEqual({ status: 0, stdout: `${REFUND_JCS}\n`, stderr: '' });
  });

  it('agrees with core canonicalize(parseStrictJson(text))', async () => {
    const text = readFileSync(join(FIXTURES, 'refund.json'), 'utf8');
    const r = await runBin(['canonicalize', join(FIXTURES, 'refund.json')]);
    expect(r.stdout).toBe(`${canonicalize(parseStrictJson(text))}\n`);
  });

  it('reads standard input when FILE is "-" or absent', async () => {
    const input = readFileSync(join(FIXTURES, 'refund.json'));
    const dash = await runBin(['canonicalize', '-'], input);
    const absent = await runBin(['canonicalize'], input);
    expect(dash).toEqual({ status: 0, stdout: `${REFUND_JCS}\n`, stderr: '' });
    expect(absent).toEqual(dash);
  });

  it('accepts options after the file and "--" before a file named like an option', async () => {
    const r = await runBin(['canonicalize', 'refund.json', '--max-depth', '2']);
    expect(r.stdout).toBe(`${REFUND_JCS}\n`);
    const dashed = await runBin(['canonicalize', '--', '-']);
    expect(dashed.status).toBe(2); // "-" after "--" is still stdin, empty here
    expect(dashed.stderr).toBe('error: decode/invalid_json at (root)\n');
  });

  it('sorts keys by UTF-16 code units and keeps __proto__ as data', async () => {
    const r = await runBin(
      ['canonicalize'],
      '{"\u20ac":1,"\ud83d\ude00":2,"b":3,"__proto__":{"x":1},"10":4,"9":5}',
    );
    expect(r.stdout).toBe('{"10":4,"9":5,"__proto__":{"x":1},"b":3,"€":1,"😀":2}\n');
  });

  it('prints scalars and serializes numbers the ECMAScript way', async () => {
    const cases: [string, string][] = [
      ['"a\\u000A\\u001f\\u2028"', '"a\\n\\u001f\u2028"'],
      ['1E21', '1e+21'],
      ['0.000001', '0.000001'],
      ['1e-7', '1e-7'],
      ['9007199254740991', '9007199254740991'],
      ['  true  ', 'true'],
      ['null', 'null'],
    ];
    for (const [input, expected] of cases) {
      const r = await runBin(['canonicalize'], input);
      expect(r, input).toEqual({ status: 0, stdout: `${expected}\n`, stderr: '' });
    }
  });

  it('honours --max-depth and --max-length', async () => {
    const deep = `${'['.repeat(100)}${']'.repeat(100)}`;
    expect((await runBin(['canonicalize', '--max-depth', '100'], deep)).stdout).toBe(`${deep}\n`);
    const r = await runBin(['canonicalize', '--max-length', '4'], '"abc"');
    expect(r).toEqual({
      status: 2,
      stdout: '',
      stderr: 'error: decode/max_length_exceeded at (root)\n',
    });
    expect((await runBin(['canonicalize', '--max-length=5'], '"abc"')).stdout).toBe('"abc"\n');
  });
});
