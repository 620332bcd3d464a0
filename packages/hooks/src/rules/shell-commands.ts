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

/** Commands that run their arguments as another command. */
const WRAPPERS = new Set([
  'sudo',
  'doas',
  'env',
  'command',
  'builtin',
  'exec',
  'nohup',
  'time',
  'nice',
  'ionice',
  'stdbuf',
  'xargs',
  'timeout',
  'setsid',
  'chroot',
  'unbuffer',
]);
/** Shells and evaluators whose `-c` (or `eval`) argument is itself shell code. */
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'ash', 'busybox']);
const MAX_NESTING = 4;

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

/** Skips assignments, wrapper commands and their options; returns the index of the real command word. */
function commandStart(words: readonly string[]): number {
  let i = 0;
  while (i < words.length) {
    const w = words[i] as string;
    if (isAssignment(w)) {
      i++;
      continue;
    }
    const name = basename(w);
    if (!WRAPPERS.has(name)) return i;
    i++;
    // options of the wrapper (and timeout's duration, nice's -n N) are not the command
    while (
      i < words.length &&
      ((words[i] as string).startsWith('-') || isAssignment(words[i] as string))
    )
      i++;
    if (name === 'timeout' && i < words.length) i++;
  }
  return i;
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
    const start = commandStart(seg.words);
    if (start >= seg.words.length) {
      if (seg.redirects.length > 0)
        out.commands.push({ name: '', args: [], redirects: seg.redirects, pipeline });
      continue;
    }
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
  return maxPipeline + 1;
}

/**
 * Every command a shell line would run, as far as the text shows: through `;` `&&` `||`
 * pipelines, subshells, `$(...)`, `sh -c '...'` / `bash -c` / `eval` (nested up to 4 deep),
 * and past `sudo`, `env`, `timeout` and similar wrappers. Linear in the line's length per
 * nesting level. A shell is a programming language: treat a deny list built on this as a
 * guard rail and prefer allow lists (`onlyCommands`) for what may run unasked.
 */
export function shellCommands(line: string): ShellReading {
  const out: ShellReading = { commands: [], opaque: false };
  read(line, 0, out, 0);
  return out;
}
