import type { Options } from 'ajv';
import { RE2JS } from 're2js';

type RegExpEngine = NonNullable<NonNullable<Options['code']>['regExp']>;

// ECMA-262 sets RE2 spells differently: `\s` (RE2: ASCII only) and `.` (RE2: all but \n).
const JS_SPACE =
  '\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
const JS_DOT = '[^\\n\\r\\x{2028}\\x{2029}]';

/**
 * Rewrites RE2 syntax (from `RE2JS.translateRegExp`) so it means what the ECMA-262 pattern
 * meant: `.`, `\s`, `\S` with JavaScript's sets, `[]` matches nothing and `[^]` anything, the
 * first `]` closes a class and a `[` inside one is literal (no POSIX `[:alpha:]`). `\S`
 * inside a class has no RE2 spelling: refused (the schema does not compile).
 */
function withEcmaSets(re2: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < re2.length; i++) {
    const ch = re2[i] as string;
    if (ch === '\\') {
      const next = re2[i + 1];
      if (next === undefined) throw new SyntaxError('pattern ends with a backslash');
      i++;
      if (next === 's') out += inClass ? JS_SPACE : `[${JS_SPACE}]`;
      else if (next === 'S') {
        if (inClass) throw new SyntaxError('\\S inside a character class is not supported');
        out += `[^${JS_SPACE}]`;
      } else out += `\\${next}`;
    } else if (inClass) {
      if (ch === ']') inClass = false;
      out += ch === '[' ? '\\[' : ch;
    } else if (ch === '[') {
      if (re2.startsWith('[]', i)) {
        out += '[^\\x{0}-\\x{10FFFF}]';
        i += 1;
      } else if (re2.startsWith('[^]', i)) {
        out += '[\\x{0}-\\x{10FFFF}]';
        i += 2;
      } else {
        inClass = true;
        const negated = re2[i + 1] === '^';
        out += negated ? '[^' : '[';
        if (negated) i++;
      }
    } else out += ch === '.' ? JS_DOT : ch;
  }
  return out;
}

/**
 * ajv's `code.regExp` engine for an upstream's `pattern` and `patternProperties`: RE2
 * (`re2js`, pure JavaScript) matches in time linear in the input, so a pattern such as
 * `^(a+)+$` cannot stall the proxy on model-written arguments, as JavaScript's backtracking
 * RegExp would. Lookarounds and backreferences have no linear-time form: such a schema does
 * not compile and the tool is refused.
 */
export const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string, flags: string) => {
    const re = RE2JS.compile(withEcmaSets(RE2JS.translateRegExp(pattern)));
    return { test: (s: string) => re.test(s), toString: () => `/${pattern}/${flags}` };
  },
  { code: 'linearRegExp' },
);
