import { assertKnownOptions } from '@argseal/core';
import validator from 'validator';
import { DlpError } from '../errors.js';
import type { Detector, DetectorMatch } from '../types.js';

type Locale = NonNullable<Parameters<typeof validator.isIdentityCard>[1]>;

/** Options of the `national_id` detector. */
export interface NationalIdOptions {
  /**
   * Required: locales of `validator.isIdentityCard` to look for: `ES`, `FI`, `IN`, `IR`,
   * `IT`, `LK`, `NO`, `PK`, `PL`, `TH`, `he-IL`, `ar-LY`, `ar-TN`, `zh-CN`, `zh-HK`, `zh-TW`.
   */
  locales: readonly string[];
}

/** Runs of letters, digits and dashes of id length, not glued to more of the same. */
const TOKEN = /(?<![A-Za-z0-9-])[A-Za-z0-9-]{8,20}(?![A-Za-z0-9-])/g;

/**
 * The `national_id` detector: each 8-20 character token is checked with
 * `validator.isIdentityCard` for the configured locales (check digits where the format
 * has them). No locale is on by default: only ids with a maintained validator are found.
 */
export function nationalIdDetector(options: NationalIdOptions): Detector {
  assertKnownOptions('nationalIdDetector', options, ['locales']);
  const locales = options?.locales;
  if (!Array.isArray(locales) || locales.length === 0) {
    throw new DlpError(
      'invalid_detector_options',
      'national_id: locales must be a non-empty array',
    );
  }
  for (const locale of locales) {
    try {
      validator.isIdentityCard('0', locale as Locale);
    } catch {
      throw new DlpError(
        'invalid_detector_options',
        `national_id: locale ${JSON.stringify(String(locale))} is not supported by validator.isIdentityCard`,
      );
    }
  }
  const list = [...locales] as Locale[];
  return {
    id: 'national_id',
    kind: 'personal',
    scan(text) {
      const out: DetectorMatch[] = [];
      for (const m of text.matchAll(TOKEN)) {
        const locale = list.find((l) => validator.isIdentityCard(m[0], l));
        if (locale !== undefined)
          out.push({ start: m.index, end: m.index + m[0].length, rule: locale });
      }
      return out;
    },
  };
}
