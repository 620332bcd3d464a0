import { describe, expect, it } from 'vitest';
import { shellCommands } from './shell-commands.js';

const names = (line: string) => shellCommands(line).commands.map((c) => c.name);

describe('shellCommands', () => {
  it('splits lists, pipelines, subshells and substitutions', () => {
    expect(names('a && b || c; d & e\nf | g')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    // a substitution's commands are read where they stand, before the word that holds them
    expect(names('echo $(curl x) `wget y` (rm z)')).toEqual(['curl', 'wget', 'echo', 'rm']);
    expect(names('diff <(ls a) <(ls b)')).toEqual(['ls', 'ls', 'diff']);
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
    expect(shellCommands('echo "$(ls').opaque).toBe(true);
    // what bash refuses as a syntax error is never a plain line
    for (const line of ['ls \\$(x)', 'ls )', 'ls }', '(ls', '{ ls # }', 'f() { ls; }'])
      expect(shellCommands(line).opaque, line).toBe(true);
    expect(shellCommands('echo `ls').opaque).toBe(true);
    expect(shellCommands(`${'$('.repeat(9)}rm${')'.repeat(9)}`).opaque).toBe(true);
    expect(names('ls -la # rm -rf /')).toEqual(['ls']);
  });

  it('reads substitutions inside double quotes and backquotes as commands', () => {
    expect(names('ls "$(touch X)"')).toEqual(['touch', 'ls']);
    expect(names('echo "`touch X`"')).toEqual(['touch', 'echo']);
    expect(names('echo "a $(b "$(c)") `d \\`e\\``"')).toEqual(['c', 'b', 'e', 'd', 'echo']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
    expect(names('echo ${x:-$(rm -rf ~)} $((1 + $(id)))')).toContain('rm');
    expect(names('echo $((1 + $(id)))')).toContain('id');
    expect(names('cat <(curl x) >(sh)')).toEqual(['curl', 'sh', 'cat']);
    expect(names('{rm,-rf,~}')).toEqual(['rm']);
    expect(names('busybox rm -rf ~')).toEqual(['busybox', 'rm']);
    // single quotes are literal: nothing runs
    expect(shellCommands(`ls '$(touch X)' "\\$(x)"`)).toMatchObject({
      complex: undefined,
      commands: [{ name: 'ls', args: ['$(touch X)', '$(x)'] }],
    });
  });

  it('marks every expansion, wrapper and indirection complex, with the first reason', () => {
    const cases: [string, string][] = [
      ['ls "$(touch X)"', 'expansion'],
      ['echo "`touch X`"', 'expansion'],
      ['echo "$(rm -rf ~)"', 'expansion'],
      ['ls $HOME', 'expansion'],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
      ['ls "${HOME}"', 'expansion'],
      ["ls $'\\x41'", 'expansion'],
      ['ls $"msg"', 'expansion'],
      ['cat <<EOF\nx\nEOF', 'opaque'],
      ['cat <<< "$x"', 'expansion'],
      ['cat <<< x', 'expansion'],
      ['diff <(ls) x', 'expansion'],
      ['ls >(cat)', 'expansion'],
      ['echo $((1+1))', 'expansion'],
      ['ls {a,b}', 'expansion'],
      ['{ls,-la}', 'expansion'],
      ['/bin/l? -la', 'glob_command'],
      ['/usr/bin/l[s]', 'glob_command'],
      ['l* x', 'glob_command'],
      ['PATH=. ls', 'assignment'],
      ['LD_PRELOAD=/tmp/x.so ls', 'assignment'],
      ['X=1', 'assignment'],
      ['env ls', 'wrapper'],
      ['command ls', 'wrapper'],
      ['exec ls', 'wrapper'],
      ['nice -n 5 ls', 'wrapper'],
      ['time ls', 'wrapper'],
      ['sudo ls', 'wrapper'],
      ['xargs ls', 'wrapper'],
      ['busybox ls', 'wrapper'],
      ['timeout 5 ls', 'wrapper'],
      ['eval ls', 'eval'],
      ['bash -c ls', 'shell_code'],
      ['sh -ec "ls"', 'shell_code'],
      ['source x.sh', 'source'],
      ['. x.sh', 'source'],
      ['if ls; then ls; fi', 'keyword'],
      ['for f in a; do ls; done', 'keyword'],
      ['function ls { rm x; }', 'keyword'],
      ['find . -exec rm {} ;', 'find_exec'],
      ['find . -delete', 'find_exec'],
      ["echo 'x", 'opaque'],
    ];
    for (const [line, why] of cases) expect(shellCommands(line).complex, line).toBe(why);
    for (const line of [
      'ls -la',
      'ls "a b" c\\ d',
      'ls ~ ~/src/*.ts',
      'ls | grep x && cat f',
      "echo 'a$b'",
    ])
      expect(shellCommands(line).complex, line).toBeUndefined();
  });

  it('stays linear on hostile lines (completes; no backtracking)', () => {
    const hostile = `${'|'.repeat(200_000)}${'"\\'.repeat(50_000)}${'$('.repeat(50_000)}`;
    expect(shellCommands(hostile).opaque).toBe(true);
  });
});
