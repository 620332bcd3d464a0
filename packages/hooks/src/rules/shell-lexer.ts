/** One word of a shell line after quote removal, and whether bash would take it as written. */
export interface ShellWord {
  /** The word's literal characters (quotes removed; expansions left out). */
  text: string;
  /** The word as a glob pattern: quoted `*?[` escaped with `\`, unquoted ones bare. */
  pattern: string;
  /** No expansion of any kind: no `$`, backquote, `$'…'`, process substitution or brace expansion. */
  literal: boolean;
  /** Has an unquoted `*`, `?` or `[…]`: bash may replace it with matching file names. */
  glob: boolean;
}

/** One simple command of a shell line: its words, and its redirections. */
interface ShellSegment {
  words: ShellWord[];
  redirects: ShellWord[];
  /** Id of the pipeline (`a | b` share one) this segment belongs to. */
  pipeline: number;
}

/** What {@link lexShell} found. */
export interface ShellLex {
  segments: ShellSegment[];
  /** Unbalanced quotes, a here-document, a trailing backslash or nesting too deep: the line cannot be read reliably. */
  opaque: boolean;
  /** Some expansion or substitution anywhere in the line (also inside double quotes). */
  expanded: boolean;
}

/** Substitutions nested deeper than this make the line opaque (and stop the reading). */
const MAX_DEPTH = 8;
const GLOB = new Set(['*', '?', '[']);
const BLANK = new Set([' ', '\t']);

interface Reader {
  line: string;
  i: number;
  out: ShellLex;
  nextPipeline: number;
}

interface WordState {
  text: string;
  pattern: string;
  literal: boolean;
  glob: boolean;
  started: boolean;
  braceOpen: boolean;
  braceList: boolean;
  /** An unquoted `[` was seen: a later `]` makes a bracket pattern (a lone `[` is literal, the test command). */
  bracketOpen: boolean;
}

const newWord = (): WordState => ({
  text: '',
  pattern: '',
  literal: true,
  glob: false,
  started: false,
  braceOpen: false,
  braceList: false,
  bracketOpen: false,
});

function quoted(w: WordState, s: string): void {
  w.text += s;
  for (const c of s) w.pattern += GLOB.has(c) || c === '\\' ? `\\${c}` : c;
  w.started = true;
}

function expansion(r: Reader, w: WordState): void {
  w.literal = false;
  w.started = true;
  r.out.expanded = true;
}

const isNameChar = (c: string | undefined): boolean =>
  c !== undefined &&
  (c === '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'));

/** Reads a nested command list (`$(…)`, `<(…)`, `${…}`) into its own pipelines. */
function nested(r: Reader, end: ')' | '}', depth: number): void {
  if (depth >= MAX_DEPTH) {
    r.out.opaque = true;
    r.i = r.line.length;
    return;
  }
  readList(r, end, depth + 1);
}

/** Reads backquoted text starting after the opening backquote; its body is read as a line. */
function backquote(r: Reader, w: WordState, depth: number): void {
  expansion(r, w);
  let body = '';
  let j = r.i;
  for (; j < r.line.length && r.line[j] !== '`'; j++) {
    const c = r.line[j] as string;
    const next = r.line[j + 1];
    if (c === '\\' && (next === '`' || next === '\\' || next === '$')) {
      body += next;
      j++;
    } else body += c;
  }
  if (j >= r.line.length) r.out.opaque = true;
  r.i = j + 1;
  if (depth >= MAX_DEPTH) {
    r.out.opaque = true;
    r.i = r.line.length;
    return;
  }
  const inner: Reader = { line: body, i: 0, out: r.out, nextPipeline: r.nextPipeline };
  readList(inner, '', depth + 1);
  r.nextPipeline = inner.nextPipeline;
}

/** `$…` at `r.i` (which points at `$`): substitutions are read, the word loses its literalness. */
function dollar(r: Reader, w: WordState, depth: number): void {
  const next = r.line[r.i + 1];
  if (next === '(') {
    expansion(r, w);
    r.i += 2;
    nested(r, ')', depth);
    return;
  }
  if (next === '{') {
    expansion(r, w);
    r.i += 2;
    nested(r, '}', depth);
    return;
  }
  if (next === "'") {
    // ANSI-C quoting: not read here, so not literal
    expansion(r, w);
    let j = r.i + 2;
    for (; j < r.line.length && r.line[j] !== "'"; j++) if (r.line[j] === '\\') j++;
    if (j >= r.line.length) r.out.opaque = true;
    r.i = j + 1;
    return;
  }
  if (next === '"') {
    // locale translation: a double-quoted string that is not taken as written
    expansion(r, w);
    r.i += 1;
    return;
  }
  if (isNameChar(next)) {
    expansion(r, w);
    let j = r.i + 1;
    while (isNameChar(r.line[j])) j++;
    r.i = j;
    return;
  }
  if (next !== undefined && '@*#?-$!'.includes(next)) {
    expansion(r, w);
    r.i += 2;
    return;
  }
  quoted(w, '$'); // a lone `$` is literal
  r.i += 1;
}

/** A double-quoted string starting after its opening quote: `$` and backquotes still expand. */
function doubleQuoted(r: Reader, w: WordState, depth: number): void {
  w.started = true;
  while (r.i < r.line.length) {
    const c = r.line[r.i] as string;
    if (c === '"') {
      r.i++;
      return;
    }
    if (c === '\\') {
      const next = r.line[r.i + 1];
      if (next === undefined) break;
      if (next === '\n') {
        r.i += 2;
        continue;
      }
      quoted(w, '$`"\\'.includes(next) ? next : `\\${next}`);
      r.i += 2;
      continue;
    }
    if (c === '$') {
      dollar(r, w, depth);
      continue;
    }
    if (c === '`') {
      r.i++;
      backquote(r, w, depth);
      continue;
    }
    quoted(w, c);
    r.i++;
  }
  r.out.opaque = true; // unterminated
}

/**
 * Reads a command list until `end` (`''` the end of the text, `)` or `}` closing a
 * substitution), pushing its simple commands to `r.out`.
 */
function readList(r: Reader, end: '' | ')' | '}', depth: number): void {
  const { line, out } = r;
  let pipeline = r.nextPipeline++;
  let seg: ShellSegment = { words: [], redirects: [], pipeline };
  let w = newWord();
  let redirectNext = false;
  let parens = 0;
  let braces = 0;

  const endWord = () => {
    if (!w.started) return;
    if (w.braceList) {
      w.literal = false;
      out.expanded = true;
    }
    const word: ShellWord = { text: w.text, pattern: w.pattern, literal: w.literal, glob: w.glob };
    if (redirectNext) seg.redirects.push(word);
    else seg.words.push(word);
    redirectNext = false;
    w = newWord();
  };
  const endSegment = (samePipeline: boolean) => {
    endWord();
    if (seg.words.length > 0 || seg.redirects.length > 0) out.segments.push(seg);
    if (!samePipeline) pipeline = r.nextPipeline++;
    seg = { words: [], redirects: [], pipeline };
  };

  while (r.i < line.length) {
    const c = line[r.i] as string;
    const next = line[r.i + 1];
    if (c === "'") {
      const close = line.indexOf("'", r.i + 1);
      if (close < 0) {
        out.opaque = true;
        quoted(w, line.slice(r.i + 1));
        r.i = line.length;
        break;
      }
      quoted(w, line.slice(r.i + 1, close));
      r.i = close + 1;
      continue;
    }
    if (c === '"') {
      r.i++;
      doubleQuoted(r, w, depth);
      continue;
    }
    if (c === '\\') {
      if (next === undefined) out.opaque = true;
      else if (next !== '\n') quoted(w, next);
      r.i += 2;
      continue;
    }
    if (c === '$') {
      dollar(r, w, depth);
      continue;
    }
    if (c === '`') {
      r.i++;
      backquote(r, w, depth);
      continue;
    }
    if (BLANK.has(c)) {
      endWord();
      r.i++;
      continue;
    }
    if (c === '#' && !w.started) {
      const nl = line.indexOf('\n', r.i);
      r.i = nl < 0 ? line.length : nl;
      continue;
    }
    if (c === '|') {
      const double = next === '|';
      endSegment(!double);
      r.i += double ? 2 : 1;
      continue;
    }
    if ((c === '<' || c === '>') && next === '(') {
      // process substitution: a word whose commands run
      expansion(r, w);
      r.i += 2;
      nested(r, ')', depth);
      continue;
    }
    if (c === '<' || c === '>') {
      if (c === '<' && next === '<') {
        out.expanded = true;
        if (line[r.i + 2] !== '<') out.opaque = true; // a here-document: its body is not read
      }
      // a file-descriptor prefix such as `2>` belongs to the operator, not to the words
      if (w.started && w.literal && !w.glob && /^\d+$/.test(w.text)) w = newWord();
      else endWord();
      let j = r.i + 1;
      while (
        j < line.length &&
        (line[j] === '>' || line[j] === '<' || line[j] === '&' || line[j] === '|')
      )
        j++;
      redirectNext = true;
      r.i = j;
      continue;
    }
    if (c === '(') {
      // a subshell opens a command; after words it is a syntax error (or a function definition)
      if (w.started || seg.words.length > 0) out.opaque = true;
      parens++;
      endSegment(false);
      r.i++;
      continue;
    }
    if (c === ')') {
      if (parens === 0 && end === ')') {
        r.i++;
        endSegment(false);
        return;
      }
      if (parens > 0) parens--;
      else out.opaque = true; // a stray `)`: bash refuses the line
      endSegment(false);
      r.i++;
      continue;
    }
    if (c === '}' && end === '}' && !w.braceOpen) {
      r.i++;
      endSegment(false);
      return;
    }
    if (c === ';' || c === '&' || c === '\n') {
      endSegment(false);
      r.i++;
      continue;
    }
    if (
      (c === '{' || c === '}') &&
      !w.started &&
      (next === undefined || BLANK.has(next) || next === '\n' || next === ';')
    ) {
      // a brace group's `{` / `}` standing alone
      if (c === '{') braces++;
      else if (braces > 0) braces--;
      else out.opaque = true; // a stray `}`
      endSegment(false);
      r.i++;
      continue;
    }
    if (c === '{') w.braceOpen = true;
    else if (c === '}' && w.braceOpen) w.braceOpen = false;
    else if (w.braceOpen && (c === ',' || (c === '.' && next === '.'))) w.braceList = true;
    if (c === '*' || c === '?' || (c === ']' && w.bracketOpen)) w.glob = true;
    if (c === '[') w.bracketOpen = true;
    w.text += c;
    w.pattern += c;
    w.started = true;
    r.i++;
  }
  // a substitution, subshell or brace group never closed: bash refuses the line
  if (end !== '' || parens > 0 || braces > 0) out.opaque = true;
  endSegment(false);
}

/**
 * A single left-to-right pass over a shell command line, reading it the way bash splits it:
 * simple commands at `;` `&` `&&` `||` newlines, parentheses and brace groups, `|`
 * pipelines, and the commands inside `$(…)`, backquotes, `<(…)` and `${…}` — also inside
 * double quotes — as commands of their own. Removes quotes and backslashes, sets redirection
 * targets apart, and marks each word that bash would expand (parameters, substitutions,
 * ANSI-C strings, brace lists) or glob. It does not expand anything itself. Linear in the
 * line's length per nesting level (at most 8); no regular expressions on the line.
 */
export function lexShell(line: string): ShellLex {
  const out: ShellLex = { segments: [], opaque: false, expanded: false };
  const r: Reader = { line, i: 0, out, nextPipeline: 0 };
  readList(r, '', 0);
  return out;
}
