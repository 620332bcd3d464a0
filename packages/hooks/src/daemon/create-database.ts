import { existsSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The dump made at build time (scripts/make-store-template.mjs), beside the built daemon. */
const TEMPLATE = new URL('./store-template.tar.gz', import.meta.url);
const TEMPLATE_META = new URL('./store-template.json', import.meta.url);

/** The template's bytes when it was made with the PGlite installed now, else undefined. */
async function usableTemplate(): Promise<Uint8Array | undefined> {
  try {
    const meta = JSON.parse(await readFile(TEMPLATE_META, 'utf8')) as { pglite?: unknown };
    // the package exports no package.json: the nearest one above its entry
    let root = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    while (!existsSync(join(root, 'package.json')) && dirname(root) !== root) root = dirname(root);
    const installed = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      name?: unknown;
      version?: unknown;
    };
    if (installed.name !== '@electric-sql/pglite') return undefined;
    if (meta.pglite !== installed.version) return undefined;
    return await readFile(TEMPLATE);
  } catch {
    return undefined;
  }
}

/**
 * Creates the store daemon's database directory when it does not exist, whole or not at
 * all: built in `<dir>.new-<pid>` and renamed into place, so a daemon killed halfway leaves
 * no half-made database. From the build's migrated template when it matches the installed
 * PGlite (no initdb: the cold first call's wait), else by PGlite's initdb. Only the daemon
 * holding `daemon.lock` calls it.
 */
export async function createDatabaseIfMissing(
  dir: string,
): Promise<'exists' | 'template' | 'initdb'> {
  if (existsSync(dir)) return 'exists';
  const tmp = `${dir}.new-${process.pid}`;
  await rm(tmp, { recursive: true, force: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const template = await usableTemplate();
  let how: 'template' | 'initdb' = 'initdb';
  if (template !== undefined) {
    try {
      const db = await PGlite.create({
        dataDir: tmp,
        loadDataDir: new Blob([template as Uint8Array<ArrayBuffer>]),
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
  await rename(tmp, dir);
  return how;
}
