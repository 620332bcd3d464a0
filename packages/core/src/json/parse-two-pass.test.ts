import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToolArgumentsValidationError } from '../errors.js';
import { hostileJsonText, mutatedJsonText, nestedText } from './__fixtures__/hostile-json.js';
import {
  findRepoRoot,
  readNumberLines,
  vectorsDir,
  vectorsPresent,
} from './__fixtures__/jcs-vectors.js';
import {
  DEFAULT_MAX_DEPTH,
  type ParseStrictJsonOptions,
  parseStrictJson,
} from './parse-strict-json.js';
import { DomainFault, depthLimit } from './strict-domain.js';
import { parseStrictReference } from './strict-parser.js';

type Outcome =
  | { ok: true; value: unknown }
  | { ok: false; code: string; path: string; stage: string; message: string };

function outcome(fn: () => unknown): Outcome {
  try {
    return { ok: true, value: fn() };
  } catch (e) {
    if (!(e instanceof ToolArgumentsValidationError)) throw e;
    return { ok: false, code: e.code, path: e.path, stage: e.stage, message: e.message };
  }
}

/** The single-pass reference parser behind the same entry checks as parseStrictJson. */
function reference(text: string, options?: ParseStrictJsonOptions): unknown {
  if (text.length > (options?.maxLength ?? 1_048_576)) {
    throw new ToolArgumentsValidationError({
      stage: 'decode',
      code: 'max_length_exceeded',
      path: '',
      tool: options?.tool,
    });
  }
  try {
    return parseStrictReference(text, depthLimit(options?.maxDepth, DEFAULT_MAX_DEPTH));
  } catch (e) {
    if (e instanceof DomainFault) throw e.toError('decode', options?.tool);
    throw e;
  }
}

/** Same value: same types, numbers by Object.is, same own keys in the same order, plain protos. */
function same(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) {
    return Object.is(a, b);
  }
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Reflect.ownKeys(a);
  const kb = Reflect.ownKeys(b);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
  return ka.every((k) => {
    const da = Object.getOwnPropertyDescriptor(a, k);
    const db = Object.getOwnPropertyDescriptor(b, k);
    if (k === 'length' && Array.isArray(a)) return da?.value === db?.value;
    return da?.enumerable === true && db?.enumerable === true && same(da.value, db.value);
  });
}

/** Asserts that the two-pass parser and the reference agree on `text` (value or code + path). */
function agree(text: string, options?: ParseStrictJsonOptions): Outcome {
  const got = outcome(() => parseStrictJson(text, options));
  const want = outcome(() => reference(text, options));
  if (got.ok && want.ok) {
    if (!same(got.value, want.value)) expect.fail(`different values for ${JSON.stringify(text)}`);
  } else {
    expect(got, JSON.stringify(text)).toEqual(want);
  }
  return got;
}

const runs = { numRuns: 4000 };
/** Test data of other RFC 8785 implementations (../shared/vectors-thirdparty, or the env var). */
const THIRD_PARTY =
  process.env.ARGSEAL_VECTORS_THIRDPARTY ??
  path.resolve(findRepoRoot(), '..', 'shared', 'vectors-thirdparty');

describe('parseStrictJson (two passes) agrees with the reference parser', () => {
  it('on hostile texts: duplicates, escaped-equal keys, big and tiny numbers, -0, surrogates', () => {
    let refused = 0;
    fc.assert(
      fc.property(hostileJsonText, (t) => {
        if (!agree(t).ok) refused++;
      }),
      runs,
    );
    // the generator reaches both verdicts often
    expect(refused).toBeGreaterThan(runs.numRuns / 10);
    expect(refused).toBeLessThan((runs.numRuns * 9) / 10);
  });

  it('on edited texts: cut, inserted or removed characters, BOM and trailing data', () => {
    fc.assert(
      fc.property(mutatedJsonText, (t) => void agree(t)),
      runs,
    );
  });

  it('on texts of random values, also under small depth and length limits', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.integer({ min: 1, max: 6 }),
        fc.nat({ max: 200 }),
        (v, maxDepth, maxLength) => {
          const t = JSON.stringify(v);
          agree(t);
          agree(t, { maxDepth });
          agree(t, { maxLength, tool: 'refund' });
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('on random strings of JSON characters', () => {
    const ch = fc.constantFrom(...'{}[]:,"\\ 0123456789-+.eEtrufalsn\u00e9\ud800\udc00'.split(''));
    fc.assert(
      fc.property(
        fc.array(ch, { maxLength: 24 }).map((a) => a.join('')),
        (t) => void agree(t),
      ),
      runs,
    );
  });

  it('on duplicates at depth, with the path of the first one', () => {
    const dup = '{"x":[1,{"a":1,"b":{"c":true}}],"y":[{"k":0,"\\u006b":1}]}';
    expect(agree(dup)).toMatchObject({ ok: false, code: 'duplicate_key', path: '/y/0/k' });
    const keyColons = '{"a:b":1,"a:b":2}';
    expect(agree(keyColons)).toMatchObject({ ok: false, code: 'duplicate_key', path: '/a:b' });
    // one duplicate and one colon in a string: the counts must not cancel out
    expect(agree('{"a":"x:y","a":2}')).toMatchObject({ code: 'duplicate_key', path: '/a' });
    expect(agree('{"a":"x\\u003ay","a":2}')).toMatchObject({ code: 'duplicate_key', path: '/a' });
  });

  it('on texts whose strings hold colons, quotes and backslashes (the exact scan)', () => {
    const cases: [string, string | undefined][] = [
      ['{"u":"a:b","n":1e-400}', 'number_underflow'],
      [`{"u":"a:b","n":0.${'0'.repeat(400)}1}`, 'number_underflow'],
      ['{"u":"a:b","n":0,"m":1e-5}', undefined],
      ['{"a\\\\":"b:","n":1}', undefined],
      ['{"a\\\\":"b:","a\\u005c":1}', 'duplicate_key'],
      ['{"u":"a\\":b","n":1,"n":2}', 'duplicate_key'],
      ['{"t":"12:30","t":"12:31"}', 'duplicate_key'],
      ['{"t":"12:30","s":"e-1","z":0}', undefined],
    ];
    for (const [text, code] of cases) {
      const got = agree(text);
      expect(got.ok ? undefined : got.code, text).toBe(code);
    }
  });

  it('on deep nesting at, past and far past the limits', () => {
    for (const pattern of ['a', 'o', 'ao', 'oao']) {
      for (const depth of [DEFAULT_MAX_DEPTH - 1, DEFAULT_MAX_DEPTH, DEFAULT_MAX_DEPTH + 1, 5000]) {
        agree(nestedText(depth, '1', pattern));
        agree(nestedText(depth, '-0', pattern));
      }
      agree(nestedText(10, '1', pattern), { maxDepth: 10 });
      agree(nestedText(11, '1', pattern), { maxDepth: 10 });
    }
    expect(agree(nestedText(DEFAULT_MAX_DEPTH + 1, '1', 'a'))).toMatchObject({
      code: 'max_depth_exceeded',
    });
  });

  it('on every number of the RFC 8785 vectors (numbers.txt), as literals alone and in arrays', () => {
    const lines = readNumberLines();
    expect(lines.length).toBe(20_000);
    const finite = lines.filter((l) => Number.isFinite(l.value)).map((l) => l.expected);
    for (const n of finite) agree(n);
    agree(`[${finite.join(',')}]`, { maxLength: 1e7 });
  });

  it.skipIf(
    !vectorsPresent(
      'third-party RFC 8785 vector tests',
      THIRD_PARTY,
      'put the vectors in ../shared/vectors-thirdparty, or ARGSEAL_VECTORS_THIRDPARTY=DIR pnpm test',
    ),
  )(
    'on every file of the RFC 8785 and third-party vectors',
    () => {
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const f = path.join(dir, name);
          if (statSync(f).isDirectory()) walk(f);
          else if (/\.(json|txt|csv)$/.test(name)) files.push(f);
        }
      };
      walk(vectorsDir());
      walk(THIRD_PARTY);
      // the six RFC 8785 input vectors and the other implementations' files are all read
      for (const name of ['arrays', 'french', 'structures', 'unicode', 'values', 'weird']) {
        expect(files).toContain(path.join(vectorsDir(), 'input', `${name}.json`));
      }
      expect(files.filter((f) => f.startsWith(THIRD_PARTY)).length).toBeGreaterThan(40);
      let texts = 0;
      for (const f of files) {
        const text = readFileSync(f, 'utf8');
        agree(text, { maxLength: 1e8 });
        texts++;
        // line-oriented files: every line as a text of its own
        if (!f.endsWith('.json')) {
          for (const line of text.split('\n').slice(0, 5000)) {
            for (const part of line.split(',')) agree(part);
          }
        }
      }
      expect(texts).toBe(files.length);
      // every vector file parsed twice (a few MB of text): seconds of CPU, more on a shared CI
      // machine than vitest's 5 s default allows
    },
    60_000,
  );
});
