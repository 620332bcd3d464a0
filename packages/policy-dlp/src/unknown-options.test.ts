import { UnknownOptionError } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { createDlp } from './create-dlp.js';
import { nationalIdDetector } from './detectors/national-id.js';
import { phoneDetector } from './detectors/phone.js';
import { secretlintDetector } from './detectors/secretlint.js';

const cases: [string, () => unknown, string, string | undefined][] = [
  ['createDlp', () => createDlp({ detector: { iban: 'deny' } } as never), 'detector', 'detectors'],
  ['createDlp', () => createDlp({ onFindings: () => {} } as never), 'onFindings', 'onFinding'],
  [
    'createDlp',
    () => createDlp({ trustClientApproval: true } as never),
    'trustClientApproval',
    undefined,
  ],
  [
    'createDlp: detectors.card_number',
    () => createDlp({ detectors: { card_number: { action: 'deny', luhn: false } } } as never),
    'luhn',
    undefined,
  ],
  [
    'createDlp: detectors.phone',
    () => createDlp({ detectors: { phone: { action: 'deny', country: 'DE' } } } as never),
    'country',
    undefined,
  ],
  [
    'phoneDetector',
    () => phoneDetector({ defaultcountry: 'DE' } as never),
    'defaultcountry',
    'defaultCountry',
  ],
  [
    'secretlintDetector',
    () => secretlintDetector({ disableRule: [] } as never),
    'disableRule',
    'disableRules',
  ],
  [
    'nationalIdDetector',
    () => nationalIdDetector({ locales: ['de'], locale: 'de' } as never),
    'locale',
    'locales',
  ],
];

describe('every DLP options object refuses unknown keys (unknown_option)', () => {
  it.each(cases)('%s', (where, make, option, suggestion) => {
    let made: unknown;
    let error: unknown;
    try {
      made = make();
    } catch (e) {
      error = e;
    }
    expect(made).toBeUndefined();
    expect(error).toBeInstanceOf(UnknownOptionError);
    expect(error).toMatchObject({ code: 'unknown_option', where, option, suggestion });
  });
});
