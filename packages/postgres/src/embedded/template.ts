import { existsSync, readdirSync } from 'node:fs';
import { readFile, rename, rm, rmdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/** The migrated database made at build time (scripts/make-embedded-template.mjs), beside the build. */
const TEMPLATE = new URL('./embedded-template.tar.gz', import.meta.url);
const TEMPLATE_META = new URL('./embedded-template.json', import.meta.url);

/** A template: a PGlite data directory dump and the PGlite version that made it. */
export interface EmbeddedTemplate {
  /** `dumpDataDir('gzip')` of a new, migrated database. */
  bytes: Uint8Array;
  /** The `@electric-sql/pglite` version that made the dump. */
  pglite: string;
}

/** The installed PGlite's version, or undefined when it cannot be read. */
async function installedPgliteVersion(): Promise<string | undefined> {
  try {
    // the package exports no package.json: the nearest one above its entry
    let root = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    while (!existsSync(join(root, 'package.json')) && dirname(root) !== root) root = dirname(root);
    const installed = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      name?: unknown;
      version?: unknown;
    };
    return installed.name === '@electric-sql/pglite' && typeof installed.version === 'string'
      ? installed.version
      : undefined;
  } catch {
    return undefined;
  }
}

/** The build's template, when the build made one. */
async function buildTemplate(): Promise<EmbeddedTemplate | undefined> {
  try {
    const meta = JSON.parse(await readFile(TEMPLATE_META, 'utf8')) as { pglite?: unknown };
    if (typeof meta.pglite !== 'string') return undefined;
    return { bytes: await readFile(TEMPLATE), pglite: meta.pglite };
  } catch {
    return undefined;
  }
}

/** A missing directory, or an empty one (as `mkdir` left it). */
function isNew(dir: string): boolean {
  if (!existsSync(dir)) return true;
  try {
    return readdirSync(dir).length === 0;
  } catch {
    return false;
  }
}

/**
 * Creates an embedded database directory when it is missing or empty, whole or not at all:
 * built in `<dir>.new-<pid>` and renamed into place, so a process killed halfway leaves no
 * half-made database. It is loaded from the build's migrated template when that template
 * was made by the installed PGlite version (creating a PGlite database from nothing runs
 * initdb in WASM: seconds on a quiet machine, tens of seconds on a loaded one), else created
 * by PGlite's initdb. An existing database is left alone (`'exists'`). The caller migrates
 * when it opens the directory ({@link openEmbeddedDatabase} does both). One process at a
 * time: call it under the directory's lock (`openSharedEmbeddedDatabase` and `openStores`
 * do); a directory another process created meanwhile counts as existing.
 *
 * Needs the optional peer `@electric-sql/pglite`.
 */
export async function createEmbeddedDirectory(
  directory: string,
  template?: EmbeddedTemplate,
): Promise<'exists' | 'template' | 'initdb'> {
  const dir = resolve(directory);
  if (!isNew(dir)) return 'exists';
  const tmp = `${dir}.new-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const source = template ?? (await buildTemplate());
  let how: 'template' | 'initdb' = 'initdb';
  if (source !== undefined && source.pglite === (await installedPgliteVersion())) {
    try {
      const db = await PGlite.create({
        dataDir: tmp,
        loadDataDir: new Blob([source.bytes as Uint8Array<ArrayBuffer>]),
      });
      await db.close();
      how = 'template';
    } catch {
      await rm(tmp, { recursive: true, force: true });
    }
  }
  if (how === 'initdb') {
    const db = await PGlite.create({ dataDir: tmp });
    await db.close();
  }
  // an empty directory (made by mkdir) is replaced; one filled meanwhile is kept
  if (existsSync(dir)) await rmdir(dir).catch(() => undefined);
  try {
    await rename(tmp, dir);
  } catch (error) {
    await rm(tmp, { recursive: true, force: true });
    if (!isNew(dir)) return 'exists';
    throw error;
  }
  return how;
}
