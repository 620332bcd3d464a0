import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedDatabase } from '@argseal/postgres';

/**
 * One migrated PGlite directory for the whole run: test projects copy it instead of
 * running initdb per project (seconds each on a loaded machine). Production code never
 * reads this variable.
 */
export default async function setup(): Promise<() => void> {
  const root = mkdtempSync(join(tmpdir(), 'argseal-hooks-pglite-'));
  const dir = join(root, 'pglite');
  const db = await openEmbeddedDatabase(dir);
  await db.close();
  process.env.ARGSEAL_TEST_PGLITE_TEMPLATE = dir;
  return () => rmSync(root, { recursive: true, force: true });
}
