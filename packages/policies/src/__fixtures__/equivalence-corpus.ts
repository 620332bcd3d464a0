/**
 * Pairs of raw argument texts. `same`: one call, one hash. `different`: two calls, two
 * hashes. The texts are what a provider would send; `\\u` escapes are JSON escapes.
 */
export interface CorpusPair {
  name: string;
  a: string;
  b: string;
}

export const SAME: readonly CorpusPair[] = [
  { name: 'key order', a: '{"to":"bob","amount":5}', b: '{"amount":5,"to":"bob"}' },
  {
    name: 'nested key order',
    a: '{"x":{"b":1,"a":[{"d":1,"c":2}]}}',
    b: '{"x":{"a":[{"c":2,"d":1}],"b":1}}',
  },
  { name: 'whitespace', a: '{"a":1,"b":[1,2]}', b: ' {\n\t"a" : 1 ,\r\n "b" : [ 1 , 2 ] }\n' },
  { name: '1 vs 1.0', a: '{"n":1}', b: '{"n":1.0}' },
  { name: '1 vs 1e0', a: '{"n":1}', b: '{"n":1e0}' },
  { name: '1.0 vs 1E+0', a: '{"n":1.0}', b: '{"n":1E+0}' },
  { name: '100 vs 1e2', a: '{"n":100}', b: '{"n":1e2}' },
  { name: '0.5 vs 5e-1', a: '{"n":0.5}', b: '{"n":5e-1}' },
  { name: 'trailing zeros', a: '{"n":2.50}', b: '{"n":2.5}' },
  { name: 'escaped vs literal ASCII', a: '{"s":"A"}', b: '{"s":"\\u0041"}' },
  { name: 'escaped vs literal non-ASCII', a: '{"s":"é"}', b: '{"s":"\\u00e9"}' },
  { name: 'escaped solidus', a: '{"s":"a/b"}', b: '{"s":"a\\/b"}' },
  { name: 'escaped key', a: '{"k":1}', b: '{"\\u006b":1}' },
  { name: 'surrogate pair escape vs literal', a: '{"s":"😀"}', b: '{"s":"\\ud83d\\ude00"}' },
  { name: 'large exponent forms', a: '{"n":1e21}', b: '{"n":10E+20}' },
  {
    name: 'integer vs fraction spelling of 2^53-1',
    a: '{"n":9007199254740991}',
    b: '{"n":9007199254740991.0}',
  },
];

export const DIFFERENT: readonly CorpusPair[] = [
  { name: '"true" vs true', a: '{"v":"true"}', b: '{"v":true}' },
  { name: '1 vs "1"', a: '{"v":1}', b: '{"v":"1"}' },
  { name: 'null vs "null"', a: '{"v":null}', b: '{"v":"null"}' },
  { name: 'null vs missing', a: '{"v":null}', b: '{}' },
  { name: 'false vs missing', a: '{"v":false}', b: '{}' },
  { name: '0 vs false', a: '{"v":0}', b: '{"v":false}' },
  { name: '"" vs null', a: '{"v":""}', b: '{"v":null}' },
  { name: '[] vs {}', a: '{"v":[]}', b: '{"v":{}}' },
  { name: 'NFC vs NFD', a: '{"s":"\\u00e9"}', b: '{"s":"e\\u0301"}' },
  { name: 'NFC vs NFD in a key', a: '{"\\u00e9":1}', b: '{"e\\u0301":1}' },
  { name: 'compatibility form (NFKC)', a: '{"s":"\\ufb01"}', b: '{"s":"fi"}' },
  { name: 'case', a: '{"s":"USD"}', b: '{"s":"usd"}' },
  { name: 'surrounding whitespace in a string', a: '{"s":"bob"}', b: '{"s":" bob"}' },
  { name: 'zero-width space', a: '{"s":"bob"}', b: '{"s":"b\\u200bob"}' },
  { name: 'array order', a: '{"v":[1,2]}', b: '{"v":[2,1]}' },
  { name: 'nested array order', a: '{"v":[{"a":1},{"b":2}]}', b: '{"v":[{"b":2},{"a":1}]}' },
  { name: 'extra key', a: '{"a":1}', b: '{"a":1,"b":1}' },
  { name: 'one vs two decimals', a: '{"n":0.1}', b: '{"n":0.10000000000000002}' },
  {
    name: 'integer neighbours at 2^53-1',
    a: '{"n":9007199254740991}',
    b: '{"n":9007199254740990}',
  },
  { name: '__proto__ key is data', a: '{"__proto__":{"admin":true}}', b: '{}' },
  { name: 'nested vs flat', a: '{"a":{"b":1}}', b: '{"a.b":1}' },
];
