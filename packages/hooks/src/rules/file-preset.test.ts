import { describe, expect, it } from 'vitest';
import { compileFilePreset } from './file-preset.js';

const flag = compileFilePreset();
const cwd = '/home/dev/project';

describe('compileFilePreset', () => {
  it('denies writes outside the project, credentials; asks for dotfiles', () => {
    expect(flag('Write', { file_path: '/etc/passwd' }, cwd)).toEqual({
      check: 'outside_project',
      decision: 'deny',
    });
    expect(flag('Edit', { file_path: '../other/x' }, cwd)).toEqual({
      check: 'outside_project',
      decision: 'deny',
    });
    expect(flag('Write', { file_path: 'src/../../project2/x' }, cwd)).toEqual({
      check: 'outside_project',
      decision: 'deny',
    });
    expect(flag('Write', { file_path: '.env.local' }, cwd)).toEqual({
      check: 'credentials',
      decision: 'deny',
    });
    expect(flag('Write', { file_path: 'keys/server.pem' }, cwd)).toEqual({
      check: 'credentials',
      decision: 'deny',
    });
    expect(flag('Edit', { file_path: '.git/config' }, cwd)).toEqual({
      check: 'dotfile',
      decision: 'require_approval',
    });
    expect(flag('Write', { file_path: `${cwd}/src/a.ts` }, cwd)).toBeUndefined();
    expect(flag('Write', {}, cwd)).toEqual({ check: 'no_path', decision: 'deny' });
    expect(flag('Read', { file_path: '/etc/passwd' }, cwd)).toBeUndefined();
  });

  it('reads the paths of a Codex apply_patch', () => {
    const patch =
      '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-x\n+y\n*** Add File: /tmp/evil\n+z\n*** End Patch';
    expect(flag('apply_patch', { input: patch }, cwd)).toEqual({
      check: 'outside_project',
      decision: 'deny',
    });
  });

  it('honours a configured project root and decisions', () => {
    const custom = compileFilePreset({ projectRoot: '/home/dev', dotfiles: 'allow' });
    expect(custom('Write', { file_path: '../other/x' }, cwd)).toBeUndefined();
    expect(custom('Write', { file_path: '.prettierrc' }, cwd)).toBeUndefined();
  });
});
