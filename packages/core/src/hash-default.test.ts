// The runtime-specific builds (export conditions): on Node `@argseal/core` resolves to the
// node:crypto build, elsewhere to the Web Crypto one, and both hash identically. Runs on
// the built package (dist), as consumers load it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readVectorPair, VECTOR_NAMES } from './json/__fixtures__/jcs-vectors.js';

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nodeSha256 = (t: string) => createHash('sha256').update(t, 'utf8').digest('hex');

type Core = typeof import('./index.js') &
  typeof import('./kit/index.js') &
  typeof import('./data/index.js') &
  typeof import('./store/index.js');
const importFile = (rel: string) => import(pathToFileURL(path.join(pkg, rel)).href);
/** One build's entries (`index.js`, `kit.js`, `data.js`, `store.js` beside it) as one module. */
const load = async (rel: string): Promise<Core> => {
  const dir = path.dirname(rel);
  const parts = await Promise.all(
    [rel, path.join(dir, 'kit.js'), path.join(dir, 'data.js'), path.join(dir, 'store.js')].map(
      importFile,
    ),
  );
  return Object.assign({}, ...parts) as Core;
};

/** What plain Node (no bundler, no vitest) resolves a specifier to from the package itself. */
function nodeResolves(specifier: string, conditions: string[] = []): string {
  const out = execFileSync(
    process.execPath,
    [
      ...conditions.map((c) => `--conditions=${c}`),
      '--input-type=module',
      '-e',
      `console.log(import.meta.resolve(${JSON.stringify(specifier)}))`,
    ],
    { cwd: pkg, encoding: 'utf8' },
  );
  return fileURLToPath(out.trim());
}

describe('runtime-specific entries', () => {
  it('package.json maps each entry: types, node → dist/node, default → the Web Crypto build', () => {
    const { exports } = JSON.parse(readFileSync(path.join(pkg, 'package.json'), 'utf8'));
    for (const [sub, file] of [
      ['.', 'index'],
      ['./kit', 'kit'],
      ['./data', 'data'],
      ['./store', 'store'],
    ] as const) {
      const keys = Object.keys(exports[sub]);
      // types first, default last; runtime conditions (bun, deno: Web Crypto) in between
      expect(keys[0]).toBe('types');
      expect(keys.at(-1)).toBe('default');
      expect(exports[sub]).toMatchObject({
        types: `./dist/${file}.d.ts`,
        node: `./dist/node/${file}.js`,
        default: `./dist/${file}.js`,
      });
      expect(existsSync(path.join(pkg, exports[sub].node))).toBe(true);
      expect(existsSync(path.join(pkg, exports[sub].default))).toBe(true);
    }
  });

  // process.execPath is the runtime under test: on Bun and Deno it resolves their own
  // conditions (runtime/entry.test.ts checks those)
  const onNode = process.versions.bun === undefined && !('Deno' in globalThis);
  it.skipIf(!onNode)(
    'Node resolves @argseal/core, /kit and /store to the node:crypto build',
    () => {
      expect(nodeResolves('@argseal/core')).toBe(path.join(pkg, 'dist/node/index.js'));
      expect(nodeResolves('@argseal/core/kit')).toBe(path.join(pkg, 'dist/node/kit.js'));
      expect(nodeResolves('@argseal/core/store')).toBe(path.join(pkg, 'dist/node/store.js'));
    },
  );

  it('bundlers for browsers, workers and edge (no `node` condition) pick the Web Crypto build', async () => {
    const { build } = await import('esbuild');
    for (const [platform, conditions] of [
      ['browser', []],
      ['neutral', ['worker', 'edge-light']],
    ] as const) {
      const result = await build({
        stdin: {
          contents: "export * from '@argseal/core'; export * from '@argseal/core/kit';",
          resolveDir: pkg,
        },
        bundle: true,
        write: false,
        metafile: true,
        absWorkingDir: pkg,
        format: 'esm',
        platform,
        conditions: [...conditions],
        logLevel: 'silent',
      });
      const inputs = Object.keys(result.metafile.inputs);
      expect(inputs).toContain('dist/index.js');
      expect(inputs).toContain('dist/kit.js');
      expect(inputs.some((f) => f.startsWith('dist/node/'))).toBe(false);
    }
  });

  it('only the node build imports node:crypto', () => {
    const code = (dir: string) =>
      readdirSync(path.join(pkg, dir))
        .filter((f) => f.endsWith('.js'))
        .map((f) => readFileSync(path.join(pkg, dir, f), 'utf8'));
    expect(code('dist/node').some((c) => c.includes('from "node:crypto"'))).toBe(true);
    expect(code('dist').some((c) => /from "node:/.test(c))).toBe(false);
  });

  it('the node build hashes synchronously: a memory-log append lands before any await', async () => {
    const onNode = await load('dist/node/index.js');
    const neutral = await load('dist/index.js');
    const a = onNode.createMemoryAuditLog();
    const b = neutral.createMemoryAuditLog();
    const pa = a.append({ type: 'proposed', tool: 't' });
    const pb = b.append({ type: 'proposed', tool: 't' });
    expect(a.raw).toHaveLength(1); // node:crypto: no thread-pool hop
    expect(b.raw).toHaveLength(0); // Web Crypto: resolves later
    const [ra, rb] = await Promise.all([pa, pb]);
    expect(b.raw).toHaveLength(1);
    expect({ ...ra, at: '' }).toEqual({ ...rb, at: '', hash: ra.hash });
  });

  it('both builds give identical proposal, binding and audit hashes (RFC 8785 vectors)', async () => {
    const onNode = await load('dist/node/index.js');
    const neutral = await load('dist/index.js');
    const now = () => new Date('2026-01-01T00:00:00.000Z');
    const logs = [onNode, neutral].map((m) => m.createMemoryAuditLog({ now }));
    for (const name of VECTOR_NAMES) {
      const { input } = readVectorPair(name);
      const args = onNode.canonicalize(onNode.createSnapshot(JSON.parse(input)));
      const call = { agent: 'support-bot', tool: name, argsCanonicalJson: args };
      const h1 = await onNode.computeProposalHash(call);
      const h2 = await neutral.computeProposalHash(call);
      expect(h1).toBe(h2);
      expect(h1).toBe(
        nodeSha256(`argseal/v1/proposal:{"agent":"support-bot","args":${args},"tool":"${name}"}`),
      );
      const binding = { ...call, informationalFields: ['/x'], classificationVersion: 'v1' };
      expect(await onNode.computeBindingHash(binding)).toBe(
        await neutral.computeBindingHash(binding),
      );
      expect(await onNode.sha256Hex(input)).toBe(await neutral.sha256Hex(input));
      for (const log of logs)
        await log.append({ type: 'proposed', tool: name, argsCanonicalJson: args });
    }
    // non-ASCII and a lone surrogate (UTF-8 replacement in both implementations)
    for (const text of ['é😀\u20ac', '\ud800x', '']) {
      expect(await onNode.sha256Hex(text)).toBe(await neutral.sha256Hex(text));
    }
    const [r1, r2] = await Promise.all(logs.map((l) => l.records()));
    expect(r1).toEqual(r2);
    expect(await neutral.verifyAuditChain(r1 ?? [])).toMatchObject({ ok: true, length: 6 });
    expect(await onNode.verifyAuditChain(r2 ?? [])).toMatchObject({ ok: true, length: 6 });
  });
});
