import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageUrl = new URL('../../', import.meta.url);
const packageDir = fileURLToPath(packageUrl);
const probe = fileURLToPath(new URL('./__fixtures__/entry-probe.mjs', import.meta.url));

type Runtime = 'node' | 'bun' | 'deno';
const runtime: Runtime =
  'Deno' in globalThis ? 'deno' : (process.versions as { bun?: string }).bun ? 'bun' : 'node';

/** The conditions each runtime's resolver matches for an ES module import of a package. */
const CONDITIONS: Record<Runtime, readonly string[]> = {
  node: ['node', 'import', 'default'],
  bun: ['bun', 'node', 'import', 'default'],
  deno: ['deno', 'node', 'import', 'default'],
};

type Conditional = string | { [condition: string]: Conditional };
const manifest = JSON.parse(readFileSync(new URL('package.json', packageUrl), 'utf8')) as {
  exports: Record<string, Conditional>;
};

/** The target an exports entry resolves to: its first key (in file order) among `conditions`. */
function target(entry: Conditional, conditions: readonly string[]): string | undefined {
  if (typeof entry === 'string') return entry;
  for (const [key, value] of Object.entries(entry)) {
    if (conditions.includes(key)) return target(value, conditions);
  }
  return undefined;
}

interface ProbeResult {
  runtime: Runtime;
  resolved: string[];
  canonical: string;
  proposalHash: string;
  hashDigests: number;
  webDigests: number;
  status: string;
  result: unknown;
  outcomeHash: string;
  executed: unknown[];
  duplicate: { status: string; code?: string; path?: string };
  auditRecords: number;
  auditOk: boolean;
}

function runProbe(text: string): ProbeResult {
  const args = runtime === 'deno' ? ['run', '-A', probe, text] : [probe, text];
  const r = spawnSync(process.execPath, args, {
    cwd: packageDir,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`probe failed on ${runtime} (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout) as ProbeResult;
}

describe(`@argseal/core as ${runtime} ${process.versions.node} loads it (built entries, export conditions)`, () => {
  const text = '{"to":"acct_1","amount":1250,"memo":"caf\u00e9"}';
  const subpaths = ['.', './kit', './data', './store'] as const;
  // Node has its own build (synchronous node:crypto SHA-256) once package.json lists `node`
  const nodeBuild = subpaths.every((s) => {
    const e = manifest.exports[s];
    return typeof e === 'object' && 'node' in e;
  });

  it('resolves each subpath to the build its conditions select; Bun and Deno get the Web Crypto build', () => {
    const out = runProbe(text);
    expect(out.runtime).toBe(runtime);
    subpaths.forEach((s, i) => {
      const entry = manifest.exports[s] as Conditional;
      const want = target(entry, CONDITIONS[runtime]);
      expect(want, s).toBeDefined();
      expect(fileURLToPath(out.resolved[i] as string)).toBe(
        fileURLToPath(new URL(want as string, packageUrl)),
      );
      // everything but Node runs the default (Web Crypto) build
      if (runtime !== 'node') expect(want).toBe(target(entry, ['default']));
    });
  });

  it('hashes with the runtime-specific SHA-256 and agrees with an independent digest', () => {
    const out = runProbe(text);
    expect(out.canonical).toBe('{"amount":1250,"memo":"caf\u00e9","to":"acct_1"}');
    const want = createHash('sha256')
      .update(`argseal/v1/proposal:{"agent":"probe","args":${out.canonical},"tool":"pay"}`)
      .digest('hex');
    expect(out.proposalHash).toBe(want);
    if (runtime === 'node' && nodeBuild) {
      // every hash (proposal and audit records) is node:crypto's: no Web Crypto digest at all
      expect(out.webDigests).toBe(0);
    } else {
      expect(out.hashDigests).toBe(1);
      expect(out.webDigests).toBeGreaterThan(1);
    }
  });

  it('runs the sealed pipeline: executes the exact call once, audits a valid chain, refuses a duplicate key', () => {
    const out = runProbe(text);
    expect(out.status).toBe('executed');
    expect(out.result).toBe('paid');
    expect(out.outcomeHash).toBe(out.proposalHash);
    expect(out.executed).toEqual([{ amount: 1250, memo: 'caf\u00e9', to: 'acct_1' }]);
    expect(out.duplicate).toEqual({ status: 'invalid', code: 'duplicate_key', path: '/to' });
    expect(out.auditRecords).toBeGreaterThan(0);
    expect(out.auditOk).toBe(true);
  });
});
