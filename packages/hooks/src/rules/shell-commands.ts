import { lexShell, type ShellWord } from './shell-lexer.js';

/** One command a shell line would run: its name (basename) and arguments. */
export interface ShellCommand {
  /** Basename of the command word (its literal characters). */
  name: string;
  /**
   * How the command word reads: `literal` (bash runs exactly that), `glob` (an unquoted
   * `*?[`: bash runs whatever file matches `pattern`), `unknown` (an expansion: anything).
   */
  kind: 'literal' | 'glob' | 'unknown';
  /** Basename of the command word as a glob pattern (quoted glob characters escaped). */
  pattern: string;
  /** The command word as written, quotes removed (`/usr/bin/rm`). */
  word: string;
  args: string[];
  redirects: string[];
  pipeline: number;
}

/** What {@link shellCommands} read from a line. */
export interface ShellReading {
  commands: ShellCommand[];
  /** Some command could not be read (unbalanced quotes, a here-document, a command word that is an expansion or glob, nesting too deep). */
  opaque: boolean;
  /**
   * Why the line is more than a list of literal commands, or undefined when it is not:
   * `expansion` (`$…`, backquotes, `$(…)`, `<(…)`, here-documents, brace lists — anywhere,
   * also inside double quotes), `glob_command`, `assignment` (`PATH=… ls`), `wrapper`
   * (`env`, `sudo`, `xargs`, `busybox`, …), `eval`, `shell_code` (`bash -c`), `source`,
   * `keyword` (`if`, `for`, `function`, …), `find_exec`, `opaque`. No allow rule covers it.
   */
  complex: string | undefined;
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
  ltrace: { values: 'eopsuE' },
  busybox: { values: '' },
  toybox: { values: '' },
  flock: { values: 'wEc' },
  chrt: { values: '' },
  taskset: { values: '', positionals: 1 },
  caffeinate: { values: 'tw' },
  firejail: { values: '' },
  proxychains: { values: 'f' },
  torsocks: { values: '' },
  script: { values: 'cET' },
  parallel: { values: 'jS' },
  sg: { values: '', positionals: 1 },
  su: { values: 'cgGs' },
  runuser: { values: 'cgGus' },
  pkexec: { values: '' },
};
/** Shells and evaluators whose `-c` (or `eval`) argument is itself shell code. */
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'fish', 'ash', 'csh', 'tcsh']);
/** Reserved words and builtins that run code bash reads later or from elsewhere. */
const KEYWORDS = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'for',
  'while',
  'until',
  'do',
  'done',
  'case',
  'esac',
  'select',
  'function',
  'coproc',
  '[[',
  '!',
  'trap',
  'alias',
  'enable',
  'declare',
  'typeset',
  'local',
  'export',
  'readonly',
  'let',
]);
const SOURCES = new Set(['source', '.']);
const FIND_RUNS = new Set([
  '-exec',
  '-execdir',
  '-ok',
  '-okdir',
  '-delete',
  '-fprint',
  '-fprintf',
  '-fls',
]);
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
      c === 95 ||
      (c >= 65 && c <= 90) ||
      (c >= 97 && c <= 122) ||
      (i > 0 && c >= 48 && c <= 57) ||
      (c === 43 && i === eq - 1); // `a+=b`
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

const NO_OPTIONS = { values: '' };

/**
 * Start indexes of every command a simple command runs: past assignments, then the wrapper
 * itself (`sudo`, counted as a command too) and the command it wraps, recursively. A
 * command word that is an expansion or a glob may be any wrapper: what follows it counts too.
 */
function commandStarts(words: readonly ShellWord[]): number[] {
  const texts = words.map((w) => w.text);
  const starts: number[] = [];
  let i = 0;
  while (i < words.length && isAssignment(texts[i] as string)) i++;
  while (i < words.length) {
    starts.push(i);
    const w = words[i] as ShellWord;
    const spec = w.literal && !w.glob ? WRAPPERS[basename(w.text)] : NO_OPTIONS;
    if (spec === undefined) break;
    i = skipWrapperOptions(texts, i + 1, spec);
  }
  return starts;
}

/** `-c`, or a short-option cluster containing it (`-lc`, `-ec`). */
function isCommandFlag(arg: string): boolean {
  return arg.startsWith('-') && !arg.startsWith('--') && arg.includes('c');
}

/** `{rm,-rf,~}` as bash's brace expansion would spell it (one level); other words as they are. */
function expandBraceLists(words: readonly ShellWord[]): ShellWord[] {
  const out: ShellWord[] = [];
  for (const w of words) {
    const t = w.text;
    if (!w.literal && t.startsWith('{') && t.endsWith('}') && t.includes(',')) {
      const inner = t.slice(1, -1);
      if (!inner.includes('{') && !inner.includes('}')) {
        for (const part of inner.split(','))
          out.push({ text: part, pattern: part, literal: true, glob: false });
        continue;
      }
    }
    out.push(w);
  }
  return out;
}

function kindOf(w: ShellWord): ShellCommand['kind'] {
  if (!w.literal) return 'unknown';
  return w.glob ? 'glob' : 'literal';
}

/** Reads `line` into `out`, its pipelines numbered from `base`; returns the next free number. */
function read(line: string, depth: number, out: ShellReading, base: number): number {
  const lex = lexShell(line);
  let next = base;
  const complex = (why: string) => {
    out.complex ??= why;
  };
  if (lex.opaque) {
    out.opaque = true;
    complex('opaque');
  }
  if (lex.expanded) complex('expansion');
  for (const seg of lex.segments) {
    const pipeline = base + seg.pipeline;
    next = Math.max(next, pipeline + 1);
    const words = expandBraceLists(seg.words);
    if (seg.words.some((w) => !w.literal) || seg.redirects.some((w) => !w.literal))
      complex('expansion');
    let starts = commandStarts(words);
    if (starts.length > MAX_WRAPPERS) {
      out.opaque = true;
      starts = starts.slice(-1);
    }
    if (starts[0] !== undefined && starts[0] > 0) complex('assignment');
    else if (starts.length === 0 && words.length > 0) complex('assignment');
    const redirects = seg.redirects.map((w) => w.text);
    if (starts.length === 0) {
      if (redirects.length > 0)
        out.commands.push({
          name: '',
          kind: 'literal',
          pattern: '',
          word: '',
          args: [],
          redirects,
          pipeline,
        });
      continue;
    }
    for (const start of starts) {
      const first = words[start] as ShellWord;
      const kind = kindOf(first);
      if (kind !== 'literal') {
        out.opaque = true;
        complex(kind === 'glob' ? 'glob_command' : 'expansion');
      }
      const name = basename(first.text);
      const args = words.slice(start + 1).map((w) => w.text);
      out.commands.push({
        name,
        kind,
        pattern: basename(first.pattern),
        word: first.text,
        args,
        redirects,
        pipeline,
      });
      if (kind !== 'literal') continue;
      if (WRAPPERS[name] !== undefined) complex('wrapper');
      if (KEYWORDS.has(name)) complex('keyword');
      if (SOURCES.has(name)) complex('source');
      if (name === 'find' && args.some((a) => FIND_RUNS.has(a))) complex('find_exec');
      const flag = SHELLS.has(name) ? args.findIndex(isCommandFlag) : -1;
      const code = name === 'eval' ? args.join(' ') : flag >= 0 ? args[flag + 1] : undefined;
      if (name === 'eval') complex('eval');
      if (flag >= 0) complex('shell_code');
      if (code !== undefined) {
        if (depth >= MAX_NESTING) out.opaque = true;
        else next = read(code, depth + 1, out, next);
      }
    }
  }
  return next;
}

/**
 * Every command a shell line would run, as far as the text shows: through `;` `&&` `||`
 * pipelines, subshells, brace groups, `$(…)` and backquotes (also inside double quotes),
 * `<(…)`, `sh -c '...'` / `bash -c` / `eval` (nested up to 4 deep), and through
 * `sudo -u root`, `env`, `busybox`, `timeout 5` and similar wrappers (the wrapper counts as
 * a command too). Marks the line `complex` when any word is not literal or something runs
 * code the text does not name plainly. Linear in the line's length per nesting level.
 * A shell is a programming language: treat a deny list built on this as a guard rail and
 * prefer allow lists (`onlyCommands`), which never cover a complex line.
 */
export function shellCommands(line: string): ShellReading {
  const out: ShellReading = { commands: [], opaque: false, complex: undefined };
  read(line, 0, out, 0);
  return out;
}
