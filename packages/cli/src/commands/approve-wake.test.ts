import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runBin } from '../__fixtures__/run-bin.js';

const HIDE = pathToFileURL(join(FIXTURES, 'hide-packages.mjs')).href;

/** A hook config with an embedded store in a folder that does not exist yet. */
function config(wake: unknown) {
  const root = mkdtempSync(join(tmpdir(), 'argseal-approve-wake-'));
  const dataDir = join(root, 'data');
  const path = join(root, 'hook.json');
  writeFileSync(path, JSON.stringify({ store: { type: 'embedded', dataDir }, wake }));
  return { path, dataDir };
}

// The real waking (a DBOS workflow, a Workflow DevKit run) is tested in the engine packages
// (packages/dbos/src/cli-approve.test.ts, packages/workflow/src/cli-approve.test.ts): these
// are the refusals, each before any store is opened or anything is decided.
describe('argseal approve with a wake entry: refusals', () => {
  it('a missing engine package is usage/wake_engine_not_installed and decides nothing', async () => {
    const c = config({ engine: 'dbos', url: 'postgres://127.0.0.1:1/none' });
    const r = await runBin(['approve', 'p_1', '--config', c.path], undefined, {
      nodeArgs: ['--import', HIDE],
      env: { ARGSEAL_TEST_HIDE: '@argseal/dbos' },
    });
    expect(r.status).toBe(64);
    expect(r.stderr).toBe(
      'error: usage/wake_engine_not_installed install @argseal/dbos @dbos-inc/dbos-sdk pg to wake dbos workflows from "argseal approve" (config /wake/engine)\n',
    );
    expect(r.stdout).toBe('');
    expect(existsSync(c.dataDir)).toBe(false);
  });

  it('the workflow engine names its own packages', async () => {
    const c = config({ engine: 'workflow', url: 'postgres://x/y', baseUrl: 'http://127.0.0.1:9' });
    const r = await runBin(['approve', 'p_1', '--config', c.path], undefined, {
      nodeArgs: ['--import', HIDE],
      env: { ARGSEAL_TEST_HIDE: '@argseal/workflow/wake' },
    });
    expect(r.status).toBe(64);
    expect(r.stderr).toMatch(
      /^error: usage\/wake_engine_not_installed install @argseal\/workflow workflow @workflow\/world-postgres @argseal\/postgres pg /u,
    );
    expect(existsSync(c.dataDir)).toBe(false);
  });

  it('an engine that cannot be opened is usage/wake_unavailable, without the URL', async () => {
    const c = config({ engine: 'dbos', url: 'mysql://secret-user:pw@db/x' });
    const r = await runBin(['approve', 'p_1', '--config', c.path]);
    expect(r.status).toBe(64);
    expect(r.stderr).toBe(
      'error: usage/wake_unavailable cannot open the dbos engine named in config /wake (check its url); nothing was decided\n',
    );
    expect(r.stderr).not.toContain('secret');
    expect(existsSync(c.dataDir)).toBe(false);
  });

  it.each([
    [{ engine: 'temporal' }, '/wake/engine'],
    [{ engine: 'dbos', url: 'postgres://x/y', retries: 3 }, '/wake/retries'],
    [{ engine: 'workflow', url: 'postgres://x/y' }, '/wake/baseUrl'],
  ])('an invalid wake entry %j is approve/invalid_config at %s (exit 2)', async (wake, path) => {
    const c = config(wake);
    const r = await runBin(['approve', 'p_1', '--config', c.path]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^error: approve/invalid_config config ${path}: `, 'u'));
    expect(existsSync(c.dataDir)).toBe(false);
  });
});
