import type { JsonValue } from '@argseal/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GITHUB_TOKEN, IBAN_DE, SALT, STRIPE_KEY, VISA } from '../__fixtures__/values.js';
import { createDlp } from '../create-dlp.js';

const dlp = createDlp({
  salt: SALT,
  detectors: {
    secret: 'redact',
    card_number: 'redact',
    iban: 'redact',
    email: 'redact',
    phone: { action: 'redact', defaultCountry: 'DE' },
  },
});
const SENSITIVE = [
  VISA,
  '5555-5555-5555-4444',
  IBAN_DE,
  'ada@example.com',
  '+49 30 901820',
  GITHUB_TOKEN,
  STRIPE_KEY,
  // spellings the normalised and decoded views read
  `${GITHUB_TOKEN.slice(0, 8)}\u200b${GITHUB_TOKEN.slice(8)}`,
  `%67${GITHUB_TOKEN.slice(1)}`,
  `\\u0067${GITHUB_TOKEN.slice(1)}`,
  '4111\u00a01111\u00a01111\u00a01111',
  '\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff15\uff14\uff14\uff14\uff14',
  'de89 3704 0044 0532 0130 00',
];

const rewrite = (value: JsonValue) =>
  dlp.rewrite({ agent: 'a', tool: 't', toolCallId: 'c', arguments: value, context: undefined });

/** Filler words and separators that cannot glue onto a value. */
const filler = fc.constantFrom('hello', 'order 42', 'Ünïcødé', '—', 'a.b', 'x_y', '', '  ');
const sentence = fc
  .array(fc.oneof(filler, fc.constantFrom(...SENSITIVE)), { maxLength: 6 })
  .map((words) => words.join(' '));
const json = (leaf: fc.Arbitrary<string>): fc.Arbitrary<JsonValue> =>
  fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.integer(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(filler, leaf), tie('value'), { maxKeys: 4 }),
    ),
  })).value as fc.Arbitrary<JsonValue>;

/** Generous: a property runs a hundred scans, and CI machines are shared. */
const PROPERTY_TIMEOUT = 60_000;

describe('redaction (property)', () => {
  it(
    'never leaves a match behind, and none of the planted values survives',
    async () => {
      await fc.assert(
        fc.asyncProperty(json(sentence), async (value) => {
          const out = (await rewrite(value)) ?? value;
          expect(await dlp.scan(out)).toEqual([]);
          const text = JSON.stringify(out);
          for (const s of SENSITIVE) expect(text).not.toContain(s);
        }),
        { numRuns: 150 },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'on arbitrary text it either leaves the value alone or removes every match',
    async () => {
      const noisy = fc.string({
        unit: fc.constantFrom(...'0123456789 -+@.:abcDEF_/\n'),
        maxLength: 60,
      });
      await fc.assert(
        fc.asyncProperty(json(noisy), async (value) => {
          const out = await rewrite(value);
          if (out === undefined) expect(await dlp.scan(value)).toEqual([]);
          else expect(await dlp.scan(out)).toEqual([]);
        }),
        { numRuns: 150 },
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'is idempotent: redacting a redacted value changes nothing',
    async () => {
      await fc.assert(
        fc.asyncProperty(json(sentence), async (value) => {
          const once = (await rewrite(value)) ?? value;
          expect(await rewrite(once)).toBeUndefined();
        }),
        { numRuns: 50 },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
