// The npm metadata every public package must carry, and a normalizer that touches only
// those keys: license, repository, homepage, bugs, engines.node, publishConfig.access,
// peerDependenciesMeta (optional peers), files (no tests; LICENSE listed). description and
// keywords are checked, never invented.

const REPO = 'https://github.com/argseal/argseal';
/** Peers that are optional wherever they are listed (any Standard Schema works; pick one SQL driver). */
const OPTIONAL_PEERS = ['zod', 'pg', '@electric-sql/pglite'];
const TEST_FILE = /(\.test(-d)?\.|__fixtures__|(^|\/)tests?(\/|$)|vitest\.config)/;

/** Returns a normalized copy of `manifest` for packages/<dir> (key order kept, new keys placed sensibly). */
export function normalizeManifest(manifest, dir) {
  const want = {
    license: 'Apache-2.0',
    repository: { type: 'git', url: `git+${REPO}.git`, directory: `packages/${dir}` },
    homepage: `${REPO}/tree/main/packages/${dir}#readme`,
    bugs: { url: `${REPO}/issues` },
    engines: { ...manifest.engines, node: '>=20' },
    publishConfig: { ...manifest.publishConfig, access: 'public' },
  };
  const peers = Object.keys(manifest.peerDependencies ?? {});
  const meta = { ...manifest.peerDependenciesMeta };
  for (const peer of peers) if (OPTIONAL_PEERS.includes(peer)) meta[peer] = { optional: true };
  if (Object.keys(meta).length > 0) want.peerDependenciesMeta = meta;
  if (Array.isArray(manifest.files)) {
    want.files = manifest.files.filter((f) => !TEST_FILE.test(f));
    // Apache-2.0: recipients get a copy. npm packs a LICENSE from the package folder only.
    if (!want.files.includes('LICENSE')) want.files.push('LICENSE');
  }

  const after = {
    license: 'keywords',
    repository: 'license',
    homepage: 'repository',
    bugs: 'homepage',
    engines: 'sideEffects',
    publishConfig: 'files',
    peerDependenciesMeta: 'peerDependencies',
  };
  const out = {};
  const pending = new Map(Object.entries(want).filter(([k]) => !(k in manifest)));
  const place = (anchor) => {
    for (const [key, value] of [...pending]) {
      if (after[key] === anchor) {
        out[key] = value;
        pending.delete(key);
        place(key);
      }
    }
  };
  for (const [key, value] of Object.entries(manifest)) {
    out[key] = key in want ? want[key] : value;
    place(key);
  }
  for (const [key, value] of pending) out[key] = value;
  return out;
}

/** Problems with the metadata of packages/<dir>: [] when it is complete and normalized. */
export function metadataProblems(manifest, dir) {
  const problems = [];
  if (typeof manifest.description !== 'string' || manifest.description.length < 20) {
    problems.push('description missing or too short');
  }
  if (!Array.isArray(manifest.keywords) || manifest.keywords.length === 0) {
    problems.push('keywords missing');
  }
  if (!Array.isArray(manifest.files) || !manifest.files.includes('dist')) {
    problems.push('files must list dist');
  }
  const normalized = normalizeManifest(manifest, dir);
  for (const key of Object.keys(normalized)) {
    if (JSON.stringify(normalized[key]) !== JSON.stringify(manifest[key])) {
      problems.push(`${key} should be ${JSON.stringify(normalized[key])}`);
    }
  }
  for (const peer of Object.keys(manifest.peerDependenciesMeta ?? {})) {
    if (!(peer in (manifest.peerDependencies ?? {})))
      problems.push(`peerDependenciesMeta.${peer} is not a peer`);
  }
  return problems;
}
