import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { selfCommand } from './self-command.js';

describe('selfCommand (the command --init prints to run argseal again)', () => {
  it('a checkout: node and the path of dist/bin.js relative to the directory', () => {
    const script = '/work/repo/packages/cli/dist/bin.js';
    expect(selfCommand('console', { script, env: { PATH: '/usr/bin' }, cwd: '/work/repo' })).toBe(
      `node ${join('packages', 'cli', 'dist', 'bin.js')} console`,
    );
    expect(
      selfCommand('console', { script, env: {}, cwd: '/work/repo/packages/cli/src/__fixtures__' }),
    ).toBe(`node ${join('..', '..', 'dist', 'bin.js')} console`);
    // a path with a space is quoted for the shell
    expect(
      selfCommand('console', { script: '/w/my repo/bin.js', env: {}, cwd: '/w/my repo' }),
    ).toBe('node bin.js console');
    expect(selfCommand('console', { script: '/w/my repo/bin.js', env: {}, cwd: '/x' })).toBe(
      `node ${JSON.stringify(join('..', 'w', 'my repo', 'bin.js'))} console`,
    );
  });

  it('a bin link on PATH: argseal; in node_modules/.bin: the package manager runs it', () => {
    expect(
      selfCommand('console', {
        script: '/usr/local/bin/argseal',
        env: { PATH: '/usr/local/bin:/usr/bin' },
        cwd: '/home/u',
      }),
    ).toBe('argseal console');
    const link = '/home/u/app/node_modules/.bin/argseal';
    const ctx = (agent?: string) => ({
      script: link,
      env: { PATH: '/home/u/app/node_modules/.bin:/usr/bin', npm_config_user_agent: agent },
      cwd: '/home/u/app',
    });
    expect(selfCommand('console', ctx('npm/10.9.2 node/v20.20.2 linux x64'))).toBe(
      'npx argseal console',
    );
    expect(selfCommand('console', ctx('pnpm/12.4.2 npm/? node/v20.20.2'))).toBe(
      'pnpm exec argseal console',
    );
    expect(selfCommand('console', ctx(undefined))).toBe('npx argseal console');
    // a link named argseal that is not on PATH: run it by its path
    expect(
      selfCommand('console', {
        script: '/opt/tools/argseal',
        env: { PATH: '/usr/bin' },
        cwd: '/opt',
      }),
    ).toBe(`node ${join('tools', 'argseal')} console`);
  });

  it('no script known: the plain command', () => {
    expect(selfCommand('console', { script: undefined, env: {}, cwd: '/' })).toBe(
      'argseal console',
    );
  });
});
