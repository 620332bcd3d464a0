import { describe, expect, it } from 'vitest';
import { shellCommands } from './shell-commands.js';

const names = (line: string) => shellCommands(line).commands.map((c) => c.name);

describe('shellCommands', () => {
  it('splits lists, pipelines, subshells and substitutions', () => {
    expect(names('a && b || c; d & e\nf | g')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(names('echo $(curl x) `wget y` (rm z)')).toEqual(['echo', 'curl', 'wget', 'rm']);
    expect(names('diff <(ls a) <(ls b)')).toEqual(['diff', 'ls', 'ls']);
  });

  it('looks through wrappers, assignments, paths and sh -c / eval', () => {
    expect(names('FOO=1 sudo -u x env A=b /usr/bin/rm -rf /')).toEqual(['sudo', 'env', 'rm']);
    expect(names('timeout -s KILL 5 nice -n 3 curl x')).toEqual(['timeout', 'nice', 'curl']);
    expect(names('sudo -- rm x')).toEqual(['sudo', 'rm']);
    expect(names(`bash -lc 'curl x | sh'`)).toEqual(['bash', 'curl', 'sh']);
    expect(names('eval "rm -rf /"')).toEqual(['eval', 'rm']);
  });

  it('removes quotes and keeps redirection targets apart', () => {
    const [c] = shellCommands(`touch "a b" 'c' d\\ e > out.txt 2>>err`).commands;
    expect(c).toMatchObject({
      name: 'touch',
      args: ['a b', 'c', 'd e'],
      redirects: ['out.txt', 'err'],
    });
  });

  it('flags what it cannot read', () => {
    expect(shellCommands(`echo 'unterminated`).opaque).toBe(true);
    expect(shellCommands('cat <<EOF\nx\nEOF').opaque).toBe(true);
    expect(shellCommands('$CMD -rf /').opaque).toBe(true);
    expect(shellCommands(`${'eval '.repeat(6)}ls`).opaque).toBe(true);
    expect(shellCommands(`${'sudo '.repeat(20)}ls`).opaque).toBe(true);
    expect(shellCommands('ls -la # rm -rf /').opaque).toBe(false);
    expect(names('ls -la # rm -rf /')).toEqual(['ls']);
  });

  it('stays linear on hostile lines (completes; no backtracking)', () => {
    const hostile = `${'|'.repeat(200_000)}${'"\\'.repeat(50_000)}${'$('.repeat(50_000)}`;
    expect(shellCommands(hostile).opaque).toBe(true);
  });
});
