import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The six published RFC 8785 vector pairs (cyberphone/json-canonicalization testdata). */
export const VECTOR_NAMES = [
  'arrays',
  'french',
  'structures',
  'unicode',
  'values',
  'weird',
] as const;

const here = path.dirname(fileURLToPath(import.meta.url));

/** The repository root: the nearest ancestor of this file holding `pnpm-workspace.yaml`. */
export function findRepoRoot(from: string = here): string {
  let dir = from;
  for (;;) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('repository root (pnpm-workspace.yaml) not found');
    dir = parent;
  }
}

/** `../shared/jcs-vectors` relative to the repository root (may be absent). */
export const SHARED_VECTORS_DIR = path.resolve(findRepoRoot(), '..', 'shared', 'jcs-vectors');
/** The copy kept beside the tests, used when `../shared` is absent. */
export const FIXTURE_VECTORS_DIR = path.join(here, 'jcs');

/** Where the vectors are read from: `../shared/jcs-vectors` when present, else the fixture copy. */
export function vectorsDir(): string {
  return existsSync(path.join(SHARED_VECTORS_DIR, 'input'))
    ? SHARED_VECTORS_DIR
    : FIXTURE_VECTORS_DIR;
}

export interface VectorPair {
  name: string;
  input: string;
  /** Expected JCS output bytes (UTF-8). */
  output: Uint8Array;
  /** The same expected bytes decoded from `outhex/NAME.txt`. */
  outhex: Uint8Array;
}

export function readVectorPair(name: string, dir: string = vectorsDir()): VectorPair {
  const hex = readFileSync(path.join(dir, 'outhex', `${name}.txt`), 'latin1')
    .trim()
    .split(/\s+/);
  return {
    name,
    input: readFileSync(path.join(dir, 'input', `${name}.json`), 'utf8'),
    output: new Uint8Array(readFileSync(path.join(dir, 'output', `${name}.json`))),
    outhex: Uint8Array.from(hex, (h) => Number.parseInt(h, 16)),
  };
}

export interface NumberLine {
  line: number;
  hex: string;
  value: number;
  expected: string;
}

/** Every `hex-ieee,expected` line of `numbers.txt`, decoded to a double. */
export function readNumberLines(dir: string = vectorsDir()): NumberLine[] {
  const text = readFileSync(path.join(dir, 'numbers.txt'), 'latin1');
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const view = new DataView(new ArrayBuffer(8));
  return lines.map((l, i) => {
    const comma = l.indexOf(',');
    const hex = l.slice(0, comma);
    view.setBigUint64(0, BigInt(`0x${hex}`));
    return { line: i + 1, hex, value: view.getFloat64(0), expected: l.slice(comma + 1) };
  });
}

/**
 * Says why vector tests skip when `dir` is absent: the line of test-kit's `noteSkip` (core
 * cannot depend on test-kit), which the root vitest config prints once at the end of the run.
 * True when the directory is there (the tests run).
 */
export function vectorsPresent(what: string, dir: string, enable: string): boolean {
  if (existsSync(dir)) return true;
  console.warn(`[argseal skip] ${what} | ${dir} is missing | ${enable}`);
  return false;
}
