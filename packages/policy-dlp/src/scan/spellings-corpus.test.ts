import { describe, expect, it } from 'vitest';
import {
  CARD_NEAR_MISSES,
  CARD_POSITIVES,
  type CorpusCase,
  EMAIL_NEAR_MISSES,
  EMAIL_POSITIVES,
  IBAN_NEAR_MISSES,
  IBAN_POSITIVES,
  NATIONAL_ID_NEAR_MISSES,
  NATIONAL_ID_POSITIVES,
  PHONE_NEAR_MISSES,
  PHONE_POSITIVES,
  SECRET_NEAR_MISSES,
  SECRET_POSITIVES,
  SPELLING_NEAR_MISSES,
} from '../__fixtures__/corpus.js';
import { SALT } from '../__fixtures__/values.js';
import { createDlp } from '../create-dlp.js';
import type { DlpDetectors } from '../options.js';

const OFF: DlpDetectors = { secret: false, card_number: false, iban: false };
const only = (detectors: DlpDetectors) =>
  createDlp({ salt: SALT, detectors: { ...OFF, ...detectors } });

const percent = (s: string) =>
  [...Buffer.from(s, 'utf8')]
    .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('');

/** Ways to write the same text that the detectors must see through. */
const SPELLINGS: [string, (s: string) => string][] = [
  ['as is', (s) => s],
  [
    'in full-width characters',
    (s) =>
      [...s]
        .map((c) => {
          const code = c.charCodeAt(0);
          if (c === ' ') return '\u3000';
          return code > 0x20 && code < 0x7f ? String.fromCharCode(code + 0xfee0) : c;
        })
        .join(''),
  ],
  ['with a zero-width space after every character', (s) => [...s].join('\u200b')],
  [
    'JSON-escaped (\\uXXXX) throughout',
    (s) => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
  ],
  ['percent-encoded throughout (UTF-8 bytes)', percent],
  ['percent-encoded twice', (s) => percent(percent(s))],
  ['as a JSON string inside a string', (s) => JSON.stringify({ text: s })],
];

const CORPORA: [string, DlpDetectors, readonly CorpusCase[], readonly CorpusCase[]][] = [
  ['secret', { secret: 'deny' }, SECRET_POSITIVES, SECRET_NEAR_MISSES],
  ['card_number', { card_number: 'deny' }, CARD_POSITIVES, CARD_NEAR_MISSES],
  ['iban', { iban: 'deny' }, IBAN_POSITIVES, IBAN_NEAR_MISSES],
  ['email', { email: 'deny' }, EMAIL_POSITIVES, EMAIL_NEAR_MISSES],
  ['phone', { phone: 'deny' }, PHONE_POSITIVES, PHONE_NEAR_MISSES],
  [
    'national_id',
    { national_id: { action: 'deny', locales: ['ES'] } },
    NATIONAL_ID_POSITIVES,
    NATIONAL_ID_NEAR_MISSES,
  ],
];

describe.each(CORPORA)('%s corpus in every spelling', (detector, detectors, positives, misses) => {
  const dlp = only(detectors);
  describe.each(SPELLINGS)('%s', (_, spell) => {
    it.each(positives.map((c) => [c.name, c] as const))('finds %s', async (_, c) => {
      const findings = await dlp.scan({ text: spell(c.text) });
      expect(findings.map((f) => [f.detector, f.pointer])).toEqual([[detector, '/text']]);
    });
    it.each(misses.map((c) => [c.name, c] as const))('does not report %s', async (_, c) => {
      expect(await dlp.scan({ text: spell(c.text) })).toEqual([]);
    });
  });
});

describe('near misses of the normalised views', () => {
  const all = createDlp({
    salt: SALT,
    detectors: { email: 'deny', phone: 'deny', national_id: { action: 'deny', locales: ['ES'] } },
  });
  it.each(SPELLING_NEAR_MISSES.map((c) => [c.name, c] as const))(
    'does not report %s',
    async (_, c) => {
      expect(await all.scan({ text: c.text })).toEqual([]);
    },
  );
});
