/** One simple command of a shell line: its words after quote removal, and its redirections. */
interface ShellSegment {
  words: string[];
  redirects: string[];
  /** Index of the pipeline (`a | b` share one) this segment belongs to. */
  pipeline: number;
}

/** What {@link lexShell} found. */
export interface ShellLex {
  segments: ShellSegment[];
  /** Unbalanced quotes, a here-document or a trailing backslash: the line cannot be read reliably. */
  opaque: boolean;
}

const SEPARATORS = new Set([';', '&', '\n', '(', ')', '{', '}', '`']);

/**
 * A single left-to-right pass over a shell command line (linear time, no regular
 * expressions): splits it into simple commands at `;` `&` `&&` `||` newlines, parentheses
 * and `$(`/backticks (whose contents become segments of their own), groups `|` pipelines,
 * removes quotes and backslashes, and sets redirection targets apart from words.
 * It reads shell text; it does not expand variables or globs.
 */
export function lexShell(line: string): ShellLex {
  const segments: ShellSegment[] = [];
  let opaque = false;
  let pipeline = 0;
  let seg: ShellSegment = { words: [], redirects: [], pipeline };
  let word = '';
  let inWord = false;
  let redirectNext = false;

  const endWord = () => {
    if (!inWord) return;
    if (redirectNext) seg.redirects.push(word);
    else seg.words.push(word);
    redirectNext = false;
    word = '';
    inWord = false;
  };
  const endSegment = (newPipeline: boolean) => {
    endWord();
    if (seg.words.length > 0 || seg.redirects.length > 0) segments.push(seg);
    if (newPipeline) pipeline++;
    seg = { words: [], redirects: [], pipeline };
  };

  let i = 0;
  while (i < line.length) {
    const c = line[i] as string;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) {
        opaque = true;
        word += line.slice(i + 1);
        inWord = true;
        break;
      }
      word += line.slice(i + 1, end);
      inWord = true;
      i = end + 1;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '\\' && j + 1 < line.length) j++;
        word += line[j];
      }
      if (j >= line.length) opaque = true;
      inWord = true;
      i = j + 1;
      continue;
    }
    if (c === '\\') {
      if (i + 1 >= line.length) opaque = true;
      else if (line[i + 1] !== '\n') word += line[i + 1];
      inWord = true;
      i += 2;
      continue;
    }
    if (c === ' ' || c === '\t') {
      endWord();
      i++;
      continue;
    }
    if (c === '|') {
      const double = line[i + 1] === '|';
      endSegment(double);
      i += double ? 2 : 1;
      continue;
    }
    if (c === '$' && line[i + 1] === '(') {
      endSegment(true);
      i += 2;
      continue;
    }
    if (c === '<' || c === '>') {
      if (c === '<' && line[i + 1] === '<') opaque = true; // here-document or here-string
      if (line[i + 1] === '(') {
        endSegment(true); // process substitution
        i += 2;
        continue;
      }
      // a file-descriptor prefix such as `2>` belongs to the operator, not to the words
      if (inWord && /^\d+$/.test(word)) {
        word = '';
        inWord = false;
      } else endWord();
      let j = i + 1;
      while (j < line.length && (line[j] === '>' || line[j] === '&' || line[j] === '|')) j++;
      redirectNext = true;
      i = j;
      continue;
    }
    if (SEPARATORS.has(c)) {
      endSegment(true);
      i++;
      continue;
    }
    if (c === '#' && !inWord) {
      const nl = line.indexOf('\n', i);
      if (nl < 0) break;
      i = nl;
      continue;
    }
    word += c;
    inWord = true;
    i++;
  }
  endSegment(true);
  return { segments, opaque };
}
