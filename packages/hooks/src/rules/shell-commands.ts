import { lexShell } from './shell-lexer.js';

/** One command a shell line would run: its name (basename) and arguments. */
export interface ShellCommand {
  name: string;
  args: string[];
  redirects: string[];
  pipeline: number;
}

/** What {@link shellCommands} read from a line. */
export interface ShellReading {
  commands: ShellCommand[];
  /** Some command could not be read (unbalanced quotes, a here-document, `$VAR` as the command, nesting too deep). */
  opaque: boolean;
}

/**
 * Commands that run their arguments as another command, with the options of each that take
 * a separate value (`sudo -u root ...`), and how many positionals come before the command.
 */
const WRAPPERS: Readonly<Record<string, { values: string; positionals?: number }>> = {
  sudo: { values: 'ughpCDrtURT' },
  doas: { values: 'uC' },
  env: { values: 'uCS' },
  command: { values: '' },
  builtin: { values: '' },
  exec: { values: 'a' },
  nohup: { values: '' },
  time: { values: 'fo' },
  nice: { values: 'n' },
  ionice: { values: 'cnp' },
  stdbuf: { values: 'ioe' },
  xargs: { values: 'nILPdsEa' },
  timeout: { values: 'sk', positionals: 1 },
  setsid: { values: '' },
  chroot: { values: '', positionals: 1 },
  unbuffer: { values: '' },
  watch: { values: 'nd' },
  strace: { values: 'eopsuE' },
};
/** Shells and evaluators whose `-c` (or `eval`) argument is itself shell code. */
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'ash', 'busybox']);
const MAX_NESTING = 4;
const MAX_WRAPPERS = 8;

function basename(word: string): string {
  const slash = word.lastIndexOf('/');
  return slash < 0 ? word : word.slice(slash + 1);
}

function isAssignment(word: string): boolean {
  const eq = word.indexOf('=');
  if (eq <= 0) return false;
  for (let i = 0; i < eq; i++) {
    const c = word.charCodeAt(i);
    const ok =
      c === 95 || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (i > 0 && c >= 48 && c <= 57);
    if (!ok) return false;
  }
  return true;
}

/** Index just past a wrapper's options (and positionals such as timeout's duration), from `i`. */
function skipWrapperOptions(
  words: readonly string[],
  i: number,
  spec: { values: string; positionals?: number },
): number {
  let at = i;
  while (at < words.length) {
    const w = words[at] as string;
    if (w === '--') return at + 1;
    if (isAssignment(w)) {
      at++;
      continue;
    }
    if (!w.startsWith('-') || w === '-') break;
    // `-u root` takes the next word; `-uroot`, `--user=root` and flags do not
    const last = w.length === 2 && !w.startsWith('--') ? (w[1] as string) : '';
    at += last !== '' && spec.values.includes(last) ? 2 : 1;
  }
  return Math.min(at + (spec.positionals ?? 0), words.length);
}

/**
 * Start indexes of every command a simple command runs: past assignments, then the wrapper
 * itself (`sudo`, counted as a command too) and the command it wraps, recursively.
 */
function commandStarts(words: readonly string[]): number[] {
  const starts: number[] = [];
  let i = 0;
  while (i < words.length && isAssignment(words[i] as string)) i++;
  while (i < words.length) {
    starts.push(i);
    const spec = WRAPPERS[basename(words[i] as string)];
    if (spec === undefined) break;
    i = skipWrapperOptions(words, i + 1, spec);
  }
  return starts;
}

/** `-c`, or a short-option cluster containing it (`-lc`, `-ec`). */
function isCommandFlag(arg: string): boolean {
  return arg.startsWith('-') && !arg.startsWith('--') && arg.includes('c');
}

function read(line: string, depth: number, out: ShellReading, pipelineBase: number): number {
  const lex = lexShell(line);
  if (lex.opaque) out.opaque = true;
  let maxPipeline = pipelineBase;
  for (const seg of lex.segments) {
    const pipeline = pipelineBase + seg.pipeline;
    maxPipeline = Math.max(maxPipeline, pipeline);
    let starts = commandStarts(seg.words);
    if (starts.length > MAX_WRAPPERS) {
      out.opaque = true;
      starts = starts.slice(-1);
    }
    if (starts.length === 0) {
      if (seg.redirects.length > 0)
        out.commands.push({ name: '', args: [], redirects: seg.redirects, pipeline });
      continue;
    }
    for (const start of starts) {
      const first = seg.words[start] as string;
      if (first.includes('$') || first.includes('`')) out.opaque = true;
      const name = basename(first);
      const args = seg.words.slice(start + 1);
      out.commands.push({ name, args, redirects: seg.redirects, pipeline });
      const flag = SHELLS.has(name) ? args.findIndex(isCommandFlag) : -1;
      const code = name === 'eval' ? args.join(' ') : flag >= 0 ? args[flag + 1] : undefined;
      if (code !== undefined) {
        if (depth >= MAX_NESTING) out.opaque = true;
        else maxPipeline = read(code, depth + 1, out, maxPipeline + 1);
      }
    }
  }
  return maxPipeline + 1;
}

/**
 * Every command a shell line would run, as far as the text shows: through `;` `&&` `||`
 * pipelines, subshells, `$(...)`, `sh -c '...'` / `bash -c` / `eval` (nested up to 4 deep),
 * and through `sudo -u root`, `env`, `timeout 5` and similar wrappers (the wrapper counts as
 * a command too, so allow lists must name it). Linear in the line's length per
 * nesting level. A shell is a programming language: treat a deny list built on this as a
 * guard rail and prefer allow lists (`onlyCommands`) for what may run unasked.
 */
export function shellCommands(line: string): ShellReading {
  const out: ShellReading = { commands: [], opaque: false };
  read(line, 0, out, 0);
  return out;
}
