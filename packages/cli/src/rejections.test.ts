import { describe, expect, it } from 'vitest';
import { runBin } from './__fixtures__/run-bin.js';

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const pointer = (n: number) => '/0'.repeat(n);

/** [class, input, exact stderr line]. Every case: exit 2, empty stdout. */
const REJECTIONS: [string, string | Uint8Array, string][] = [
  ['duplicate key', '{"amount":1,"to":"a","amount":2}', 'decode/duplicate_key at /amount'],
  ['duplicate key, nested', '{"a":[{"k":1,"k":1}]}', 'decode/duplicate_key at /a/0/k'],
  ['duplicate key via escape', '{"a":1,"\\u0061":1}', 'decode/duplicate_key at /a'],
  ['unsafe integer', '{"n":9007199254740992}', 'decode/unsafe_integer at /n'],
  ['unsafe negative integer', '[-9007199254740993]', 'decode/unsafe_integer at /0'],
  ['number overflow', '{"n":1e400}', 'decode/number_overflow at /n'],
  ['lone surrogate escape', '{"s":"\\ud800"}', 'decode/lone_surrogate at /s'],
  ['lone low surrogate escape', '["ok","x\\udc00y"]', 'decode/lone_surrogate at /1'],
  ['-0', '{"x":[1,-0]}', 'decode/negative_zero at /x/1'],
  ['-0.0e5', '-0.0e5', 'decode/negative_zero at (root)'],
  ['trailing data', '{"a":1} {"a":2}', 'decode/trailing_data at (root)'],
  ['trailing garbage', '[1]x', 'decode/trailing_data at (root)'],
  ['invalid JSON', '{"a":}', 'decode/invalid_json at /a'],
  ['single quotes', "{'a':1}", 'decode/invalid_json at (root)'],
  ['trailing comma', '[1,]', 'decode/invalid_json at /1'],
  ['NaN', '[NaN]', 'decode/invalid_json at /0'],
  ['empty input', '', 'decode/invalid_json at (root)'],
  ['byte order mark', '\ufeff{}', 'decode/invalid_json at (root)'],
  ['too deep (default 64)', deep(65), `decode/max_depth_exceeded at ${pointer(64)}`],
  ['invalid UTF-8 bytes', new Uint8Array([0x22, 0xff, 0x22]), 'decode/invalid_utf8 at (root)'],
  ['pointer escapes ~ and /', '{"a/b":{"c~d":-0}}', 'decode/negative_zero at /a~1b/c~0d'],
  [
    'control char in key shown escaped',
    '{"a\\nb":1,"a\\nb":2}',
    'decode/duplicate_key at /a\\u000ab',
  ],
  ['bidi control in key', '{"\\u202e":1,"\\u202e":2}', 'decode/duplicate_key at /\\u202e'],
];

describe('rejected input: exit 2, one stderr line, nothing on stdout', () => {
  it.each(REJECTIONS)('%s', async (_name, input, line) => {
    for (const args of [['canonicalize'], ['hash', '--agent', 'a', '--tool', 't', '-']]) {
      const r = await runBin(args, input);
      expect(r).toEqual({ status: 2, stdout: '', stderr: `error: ${line}\n` });
    }
  });

  it('accepts exactly the default depth', async () => {
    const r = await runBin(['canonicalize'], deep(64));
    expect(r).toEqual({ status: 0, stdout: `${deep(64)}\n`, stderr: '' });
  });

  it('rejects a deep input from a file the same way', async () => {
    const r = await runBin(['canonicalize', '--max-depth', '3'], deep(4));
    expect(r).toEqual({
      status: 2,
      stdout: '',
      stderr: `error: decode/max_depth_exceeded at ${pointer(3)}\n`,
    });
  });

  it('rejects 100,000 levels of nesting cleanly, at the ceiling depth too', async () => {
    for (const args of [['canonicalize'], ['canonicalize', '--max-depth', '1000']]) {
      const r = await runBin(args, deep(100_000));
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^error: decode\/max_depth_exceeded at (\/0)+\n$/);
    }
  });

  it('stops reading oversize input and reports max_length_exceeded', async () => {
    const big = `"${'x'.repeat(3 * 1024 * 1024)}"`;
    const r = await runBin(['canonicalize'], big);
    expect(r).toEqual({
      status: 2,
      stdout: '',
      stderr: 'error: decode/max_length_exceeded at (root)\n',
    });
  });

  it('never echoes the payload', async () => {
    const r = await runBin(['canonicalize'], '{"secret":"hunter2","secret":"hunter2"}');
    expect(r.stderr).not.toContain('hunter2');
  });
});
