// Reads resolved versions from pnpm-lock.yaml (lockfile v9 `importers` section) without a
// YAML library: importer -> dependency name -> exact version.
import { readFileSync } from 'node:fs';

/** @returns {Map<string, Map<string, string>>} */
export function readImporterVersions(lockfilePath) {
  const importers = new Map();
  let inImporters = false;
  let importer;
  let dep;
  for (const line of readFileSync(lockfilePath, 'utf8').split('\n')) {
    if (/^\S/.test(line)) {
      inImporters = line.startsWith('importers:');
      continue;
    }
    if (!inImporters) continue;
    let m = /^ {2}(\S.*):\s*$/.exec(line);
    if (m) {
      importer = unquote(m[1]);
      importers.set(importer, new Map());
      continue;
    }
    m = /^ {6}(\S.*):\s*$/.exec(line);
    if (m) {
      dep = unquote(m[1]);
      continue;
    }
    m = /^ {8}version: (.+)$/.exec(line);
    if (m && importer && dep) {
      const version = unquote(m[1].trim()).replace(/\(.*$/, '');
      if (!version.startsWith('link:')) importers.get(importer).set(dep, version);
    }
  }
  return importers;
}

function unquote(text) {
  return text.replace(/^'(.*)'$/, '$1').replace(/^"(.*)"$/, '$1');
}

/**
 * The version to install for `name`: the one the package's own importer resolved, else
 * any importer's, else `fallback` (a range npm resolves itself).
 */
export function lockedVersion(importers, importer, name, fallback) {
  const own = importers.get(importer)?.get(name);
  if (own) return own;
  for (const deps of importers.values()) {
    const v = deps.get(name);
    if (v) return v;
  }
  return fallback;
}
