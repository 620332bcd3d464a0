import { globMatches } from './glob-match.js';
import type { ShellCommand } from './shell-commands.js';
import { lexShell } from './shell-lexer.js';

interface WordPattern {
  /** Command name; `*` matches any. */
  name: string;
  /** Short flags that must all appear (in any cluster): `-rf` needs r and f. */
  shortFlags: string[];
  /** Long flags that must appear (`--force`, also as `--force=...`). */
  longFlags: string[];
  /** Plain words that must appear among the arguments. */
  words: string[];
}

/** A compiled command pattern: one command, or `a | b` (b later in the same pipeline as a). */
export interface CommandPattern {
  source: string;
  stages: WordPattern[];
}

function compileStage(words: readonly string[]): WordPattern {
  const [name, ...rest] = words;
  const p: WordPattern = { name: name ?? '*', shortFlags: [], longFlags: [], words: [] };
  for (const w of rest) {
    if (w.startsWith('--')) p.longFlags.push(w);
    else if (w.startsWith('-') && w.length > 1) p.shortFlags.push(...w.slice(1));
    else p.words.push(w);
  }
  return p;
}

/**
 * Compiles `"rm -rf"`, `"git push --force"`, `"curl | sh"`. Returns undefined for an empty
 * pattern. Patterns are word lists, never regular expressions.
 */
export function compileCommandPattern(source: string): CommandPattern | undefined {
  const lex = lexShell(source);
  if (lex.segments.length === 0) return undefined;
  return { source, stages: lex.segments.map((s) => compileStage(s.words.map((w) => w.text))) };
}

/** Whether the command word of `c` may run the command named `name`. */
function mayBeNamed(c: ShellCommand, name: string): boolean {
  if (c.kind === 'literal') return c.name === name;
  if (c.kind === 'glob') return globMatches(c.pattern, name);
  return true; // an expansion may name any command
}

function matchesStage(p: WordPattern, c: ShellCommand): boolean {
  if (p.name !== '*' && !mayBeNamed(c, p.name)) return false;
  if (p.shortFlags.length > 0) {
    const present = new Set<string>();
    for (const a of c.args)
      if (a.startsWith('-') && !a.startsWith('--')) for (const ch of a.slice(1)) present.add(ch);
    if (!p.shortFlags.every((f) => present.has(f))) return false;
  }
  for (const long of p.longFlags) {
    if (!c.args.some((a) => a === long || a.startsWith(`${long}=`))) return false;
  }
  for (const w of p.words) if (!c.args.includes(w)) return false;
  return true;
}

/**
 * True when some command (or, for `a | b`, a pipeline) of the line matches the pattern.
 * One pass: stages are matched greedily in order within each pipeline, which finds a match
 * whenever one exists (subsequence matching), so the time is linear in the commands.
 */
export function matchesCommandPattern(
  p: CommandPattern,
  commands: readonly ShellCommand[],
): boolean {
  let stage = 0;
  let pipeline = -1;
  for (const c of commands) {
    if (c.pipeline !== pipeline) {
      pipeline = c.pipeline;
      stage = 0;
    }
    if (matchesStage(p.stages[stage] as WordPattern, c)) stage++;
    if (stage === p.stages.length) return true;
  }
  return false;
}

/** True when `c` matches some stage of the pattern on its own (for allow rules: is this command named?). */
export function commandMatchesSomeStage(p: CommandPattern, c: ShellCommand): boolean {
  return c.kind === 'literal' && p.stages.some((s) => matchesStage(s, c));
}
