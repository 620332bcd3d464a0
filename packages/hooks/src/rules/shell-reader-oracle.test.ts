import { describe, expect, it } from 'vitest';
import { mvdanReading } from '../__fixtures__/mvdan-sh.js';
import { shellCommands } from './shell-commands.js';

// Differential test: the hand-written reader against mvdan/sh, a real bash parser (its JS
// build, `mvdan-sh`, a dev dependency only: the hook itself does not load it, see the
// README's "Cold start"). Whenever the reader calls a line plain, mvdan/sh must find
// nothing but literal commands in it, with the same command names; whenever mvdan/sh finds
// an expansion, substitution, assignment or compound command, the reader must call the
// line complex.

/** Nodes of a plain line: commands, literal words, quoting, lists, pipelines, groups, redirections. */
const PLAIN = new Set([
  'File',
  'Stmt',
  'CallExpr',
  'Word',
  'Lit',
  'SglQuoted',
  'DblQuoted',
  'BinaryCmd',
  'Subshell',
  'Block',
  'Redirect',
  'Comment',
]);
const EXPANSIONS = [
  'CmdSubst',
  'ParamExp',
  'ArithmExp',
  'ProcSubst',
  'ExtGlob',
  'Assign',
  'DeclClause',
  'LetClause',
  'ArithmCmd',
  'TestClause',
  'IfClause',
  'WhileClause',
  'ForClause',
  'CaseClause',
  'FuncDecl',
  'CoprocClause',
  'TimeClause',
];

const COMMANDS = ['ls', 'echo', '/bin/cat', '"grep"', 'r\\m', 'X=1 ls', '$c', 'l*'];
const ARGS = [
  'plain',
  '"double quoted"',
  "'single $(x)'",
  '"$(touch X)"',
  '"`touch X`"',
  '$(touch X)',
  '`touch X`',
  '$HOME',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell text, not a template
  '"${x:-y}"',
  '"$((1+2))"',
  "$'\\x41'",
  '\\$(x)',
  '"\\$(x)"',
  '<(ls)',
  '>(cat)',
  'a*.ts',
  '~/src',
  '"a\\"b"',
  "'a\"b'",
  '-rf',
  '# $(touch X)',
  '{a,b}',
  '"$"',
  '2>/dev/null',
];
const JOINS = [' ; ', ' && ', ' || ', ' | ', '\n', ' & '];

function corpus(): string[] {
  const lines: string[] = [];
  for (const c of COMMANDS)
    for (const [i, a] of ARGS.entries())
      for (let j = 0; j < 2; j++) lines.push(`${c} ${a} ${ARGS[(i * 7 + j * 5) % ARGS.length]}`);
  // pairs of simple lines, joined by every list operator, and grouped
  let k = 0;
  for (const [i, a] of ARGS.entries())
    for (let j = 0; j < 4; j++) {
      const b = ARGS[(i * 5 + j * 7) % ARGS.length] as string;
      const join = JOINS[k++ % JOINS.length] as string;
      lines.push(`ls ${a}${join}echo ${b}`, `(ls ${a})${join}{ echo ${b}; }`);
    }
  return lines;
}

const basename = (w: string) => w.slice(w.lastIndexOf('/') + 1);

describe('the shell reader agrees with mvdan/sh', () => {
  const lines = corpus();

  it(`on ${lines.length} generated lines: plain only when mvdan/sh sees only literal commands`, () => {
    let plain = 0;
    let complex = 0;
    for (const line of lines) {
      const ours = shellCommands(line);
      const theirs = mvdanReading(line);
      const isPlain = ours.complex === undefined && !ours.opaque;
      if (theirs === undefined) {
        // bash would refuse the line too; the reader never calls such a line plain here
        expect(isPlain, line).toBe(false);
        continue;
      }
      const found = EXPANSIONS.filter((t) => theirs.types.has(t));
      if (found.length > 0) expect(ours.complex, `${line} (${found.join(', ')})`).toBeDefined();
      if (isPlain) {
        plain++;
        expect(
          [...theirs.types].filter((t) => !PLAIN.has(t)),
          line,
        ).toEqual([]);
        if (!theirs.calls.includes('?') && !line.includes('\\'))
          expect(ours.commands.map((c) => c.name).sort(), line).toEqual(
            theirs.calls.map(basename).sort(),
          );
      } else complex++;
    }
    // the corpus exercises both sides
    expect(plain).toBeGreaterThan(40);
    expect(complex).toBeGreaterThan(200);
  });
});
