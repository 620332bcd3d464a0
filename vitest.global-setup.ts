import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printSkipNotes } from './vitest.skip-notes.js';

/**
 * One temporary folder per test run, removed when the run ends: every test (and every
 * process a test starts with the inherited environment) that makes its folders under
 * `os.tmpdir()` makes them here. Real-host, store and daemon tests create embedded
 * PGlite directories (about 40 MB each) by the hundred; left behind, a few runs fill a disk.
 * `ARGSEAL_KEEP_TMP=1` keeps the folder (its path is printed) to look into a failure.
 * At the end it prints, once, which suites were skipped for a missing service and the command
 * that enables them (`vitest.skip-notes.ts`).
 */
export function setup(): () => void {
  const previous = process.env.TMPDIR;
  const dir = mkdtempSync(join(tmpdir(), 'argseal-test-run-'));
  process.env.TMPDIR = dir;
  return () => {
    printSkipNotes();
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    if (process.env.ARGSEAL_KEEP_TMP === '1') {
      console.log(`test files kept in ${dir}`);
      return;
    }
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  };
}
