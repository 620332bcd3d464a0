import fc from 'fast-check';

/** Number literals at every edge the strict rules draw, plus plain ones. */
const numberLiteral = fc.oneof(
  fc.constantFrom(
    '0',
    '-0',
    '-0.0',
    '0e-5',
    '-0e+3',
    '0.0',
    '1e400',
    '-1e400',
    '1e-400',
    '-1e-400',
    '2e-324',
    '5e-324',
    '1.5e-7',
    `0.${'0'.repeat(330)}1`,
    `0.${'0'.repeat(330)}`,
    `0.${'0'.repeat(330)}1e+20`,
    `0.${'0'.repeat(299)}1`,
    '9007199254740991',
    '-9007199254740991',
    '9007199254740992',
    '9007199254740993',
    '9007199254740993.0',
    '9.007199254740993e15',
    '9007199254740989',
    '1E30',
    '1e21',
    '1.5e300',
    '123456789012345678901234567890',
    '1.0',
    '-12.5e-1',
    '01',
    '1.',
    '.5',
    '+1',
    '1e',
    '-',
  ),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
);

/** String bodies (between the quotes) with escapes, colons, quotes and surrogates. */
const stringBody = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'a',
        'b',
        ':',
        '\\u003a',
        '\\u003A',
        '\\"',
        '\\\\',
        '\\\\\\"',
        '\\n',
        '\\/',
        '\\u0061',
        '\\ud83d\\ude00',
        '\ud83d\ude00',
        '\ud800',
        '\udc00',
        '\\ud800',
        '\\udc00',
        '\ud83d\\ude00',
        '\\ud83d\ude00',
        'e-',
        'E-',
        '1e-400',
        '{"a":1}',
        '\u00e9',
        '\u2014',
        '\\x41',
        '\\u12',
        '\u0001',
        '\ufeff',
      ),
      fc.string({ maxLength: 4 }),
    ),
    { maxLength: 5 },
  )
  .map((parts) => parts.join(''));

/** Keys that collide after decoding: `a` and `\u0061`, `__proto__`, index-like keys. */
const keyText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('"a"', '"\\u0061"', '"b"', '"__proto__"', '"1"', '""') },
  { weight: 1, arbitrary: stringBody.map((s) => `"${s}"`) },
);

const ws = fc.constantFrom('', '', '', ' ', '\n', '\t', '\r\n  ', '\u00a0', '\ufeff');

/** JSON-ish texts: mostly grammatical, with hostile literals, keys, strings and spacing. */
export const hostileJsonText: fc.Arbitrary<string> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    numberLiteral,
    stringBody.map((s) => `"${s}"`),
    fc.constantFrom('true', 'false', 'null', 'nul', 'True'),
    tie('array'),
    tie('object'),
  ),
  array: fc
    .tuple(ws, fc.array(fc.tuple(ws, tie('value'), ws), { maxLength: 4 }))
    .map(([w, items]) => `[${w}${items.map((x) => x.join('')).join(',')}]`),
  object: fc
    .tuple(ws, fc.array(fc.tuple(ws, keyText, ws, ws, tie('value'), ws), { maxLength: 4 }))
    .map(
      ([w, members]) =>
        `{${w}${members.map(([a, k, b, c, v, d]) => `${a}${k}${b}:${c}${v}${d}`).join(',')}}`,
    ),
})).value as fc.Arbitrary<string>;

/** A text with an edit: cut short, a character inserted or removed, a prefix or a suffix. */
export const mutatedJsonText: fc.Arbitrary<string> = fc
  .tuple(
    hostileJsonText,
    fc.nat(),
    fc.constantFrom('cut', 'insert', 'remove', 'prefix', 'suffix'),
    fc.constantFrom('"', ',', ':', '}', ']', '{', '[', '\\', ' ', '\ufeff', 'x', '0', '-'),
  )
  .map(([t, at, edit, ch]) => {
    const i = t.length === 0 ? 0 : at % (t.length + 1);
    if (edit === 'cut') return t.slice(0, i);
    if (edit === 'insert') return t.slice(0, i) + ch + t.slice(i);
    if (edit === 'remove') return t.slice(0, i) + t.slice(i + 1);
    return edit === 'prefix' ? ch + t : t + ch;
  });

/** Arrays and objects nested `depth` deep around `inner`. */
export function nestedText(depth: number, inner: string, pattern: string): string {
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    const obj = pattern[i % pattern.length] === 'o';
    open += obj ? '{"k":' : '[';
    close = (obj ? '}' : ']') + close;
  }
  return open + inner + close;
}
