import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

// Every folder made here is removed when the test file that made it ends: each holds an
// embedded PGlite store (about 40 MB), and a hooks run makes them by the hundred. A folder
// that cannot be removed yet (a store daemon still writing into it) is left to the run's
// own cleanup (vitest.global-setup.ts), never a test failure. `ARGSEAL_KEEP_TMP=1` keeps
// them to look into a failure.
const roots: string[] = [];
afterAll(async () => {
  if (process.env.ARGSEAL_KEEP_TMP === '1') return;
  await Promise.all(
    roots.splice(0).map((root) => rm(root, { recursive: true, force: true }).catch(() => {})),
  );
}, 120_000);

/** A fresh folder under the OS temp folder, removed after this test file. */
export function tempRoot(prefix: string): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  roots.push(root);
  return root;
}
