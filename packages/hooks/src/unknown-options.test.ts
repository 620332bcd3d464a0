import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UnknownOptionError } from '@argseal/core';
import { afterEach, describe, expect, it } from 'vitest';
import { servePermissionPrompt } from './permission/permission-server.js';
import { runHook } from './pipeline/run-hook.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('hook entry points refuse unknown option keys (unknown_option)', () => {
  it('runHook: a typo is refused before stdin is read or a store is opened', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'argseal-hook-opts-'));
    dirs.push(dir);
    let read = false;
    const stdin = (async function* () {
      read = true;
      yield '{}';
    })();
    const error = await runHook('claude-code', {
      stdin,
      stdout: { write: () => true },
      stderr: { write: () => true },
      env: { ARGSEAL_DATA_DIR: join(dir, 'data') },
      cwd: dir,
      confgPath: join(dir, 'hook.json'),
    } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownOptionError);
    expect(error).toMatchObject({
      where: 'runHook',
      option: 'confgPath',
      suggestion: 'configPath',
    });
    expect(read).toBe(false);
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  it('servePermissionPrompt: unknown keys in either object are refused before the config loads', async () => {
    const where = { env: {}, cwd: '/', user: 'ann' };
    await expect(
      servePermissionPrompt({ ...where, confgPath: '/nowhere.json' } as never),
    ).rejects.toMatchObject({ code: 'unknown_option', suggestion: 'configPath' });
    await expect(
      servePermissionPrompt({ ...where, configPath: '/nowhere.json' }, { waitMS: 5 } as never),
    ).rejects.toMatchObject({ code: 'unknown_option', option: 'waitMS', suggestion: 'waitMs' });
  });
});
