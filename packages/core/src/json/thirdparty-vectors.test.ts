import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRepoRoot, vectorsPresent } from './__fixtures__/jcs-vectors.js';
import { rejection } from './__fixtures__/rejection.js';
import { canonicalize } from './canonicalize.js';
import { parseStrictJson } from './parse-strict-json.js';

/** Test data of ten other RFC 8785 implementations (../shared/vectors-thirdparty, or the env var). */
const DIR =
  process.env.ARGSEAL_VECTORS_THIRDPARTY ??
  path.resolve(findRepoRoot(), '..', 'shared', 'vectors-thirdparty');
const present = vectorsPresent(
  'third-party RFC 8785 vector tests',
  DIR,
  'put the vectors in ../shared/vectors-thirdparty, or ARGSEAL_VECTORS_THIRDPARTY=DIR pnpm test',
);

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* files(file);
    else yield file;
  }
}

/** Input file -> expected output file, by each project's naming. */
function expectedFor(file: string): string | undefined {
  if (file.includes(`${path.sep}input${path.sep}`))
    return file.replace(`${path.sep}input${path.sep}`, `${path.sep}output${path.sep}`);
  for (const [a, b] of [
    ['.input.json', '.output.json'],
    ['.input.json', '.expected.json'],
    ['.in.json', '.out.json'],
  ]) {
    if (file.endsWith(a!) && existsSync(file.slice(0, -a!.length) + b!))
      return file.slice(0, -a!.length) + b!;
  }
  return undefined;
}

const pairs = present
  ? [...files(DIR)]
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => {
        const out = expectedFor(f);
        return out && existsSync(out) ? [[path.relative(DIR, f), f, out] as const] : [];
      })
  : [];

describe.skipIf(!present)('third-party RFC 8785 vectors', () => {
  it('finds the pairs of every project that ships input/output files', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(28);
  });

  it.each(pairs)(
    '%s: strict decode + canonicalize gives the expected text',
    (_name, input, out) => {
      const want = readFileSync(out, 'utf8').replace(/\n$/, '');
      expect(canonicalize(parseStrictJson(readFileSync(input, 'utf8')))).toBe(want);
    },
  );

  it('lattice golden number vectors: canonical text, and strict decode reads it back', () => {
    const csv = readFileSync(
      path.join(DIR, 'lattice-json-canon/jcsfloat/testdata/golden_vectors.csv'),
      'utf8',
    );
    const bad: string[] = [];
    let rows = 0;
    for (const line of csv.split('\n')) {
      if (!/^[0-9a-f]{16},/.test(line)) continue;
      rows++;
      const [hex, text] = line.split(',') as [string, string];
      const value = new DataView(
        Uint8Array.from(hex.match(/../g)!.map((h) => Number.parseInt(h, 16))).buffer,
      ).getFloat64(0);
      if (!Number.isFinite(value) || Object.is(value, -0)) continue;
      if (canonicalize(value) !== text) bad.push(`${hex}: canonical text`);
      if (/^-?\d+$/.test(text) && !Number.isSafeInteger(value)) {
        if (rejection(() => parseStrictJson(text)).code !== 'unsafe_integer')
          bad.push(`${hex}: refusal`);
      } else if (!Object.is(parseStrictJson(text), value)) bad.push(`${hex}: read back`);
    }
    expect(rows).toBeGreaterThan(50_000);
    expect(bad).toEqual([]);
  });
});
