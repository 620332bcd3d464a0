// The public packages of the workspace, in build order.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Directories under packages/ that must exist and be published (DESIGN.md). */
export const EXPECTED = [
  'core',
  'policies',
  'policy-dlp',
  'policy-cedar',
  'ai-sdk',
  'openai-agents',
  'langchain',
  'dbos',
  'workflow',
  'postgres',
  'console',
  'mcp',
  'cli',
];

/** Smoke scripts that must exist (scripts/release-check/smoke/<dir>.mjs). */
export const REQUIRED_SMOKES = ['core', 'ai-sdk', 'openai-agents', 'langchain', 'postgres', 'mcp'];

/**
 * Every non-private package under packages/: { dir, name, path, manifest, internal }, where
 * `internal` lists the public workspace packages it depends on (dependencies, peers).
 */
export function publicPackages(root) {
  const found = readdirSync(join(root, 'packages'))
    .filter((dir) => existsSync(join(root, 'packages', dir, 'package.json')))
    .map((dir) => {
      const path = join(root, 'packages', dir);
      const manifest = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8'));
      return { dir, name: manifest.name, path, manifest };
    })
    .filter((p) => !p.manifest.private);
  const names = new Set(found.map((p) => p.name));
  for (const p of found) {
    const deps = { ...p.manifest.dependencies, ...p.manifest.peerDependencies };
    p.internal = Object.keys(deps).filter((d) => names.has(d));
  }
  return found;
}

/** Groups packages into levels: every package comes after the packages it depends on. */
export function buildLevels(packages) {
  const levels = [];
  const done = new Set();
  let rest = [...packages];
  while (rest.length > 0) {
    const level = rest.filter((p) => p.internal.every((d) => done.has(d)));
    if (level.length === 0) {
      levels.push(rest); // a cycle: build the rest together and let the builds report it
      break;
    }
    levels.push(level);
    for (const p of level) done.add(p.name);
    rest = rest.filter((p) => !level.includes(p));
  }
  return levels;
}
