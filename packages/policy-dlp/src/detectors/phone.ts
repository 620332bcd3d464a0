import { assertKnownOptions } from '@argseal/core';
import { type CountryCode, findNumbers, isSupportedCountry } from 'libphonenumber-js/max';
import { DlpError } from '../errors.js';
import type { Detector, DetectorMatch } from '../types.js';
import { phoneWindows } from './phone-windows.js';

/** Options of the `phone` detector. */
export interface PhoneOptions {
  /**
   * ISO 3166-1 alpha-2 country for numbers written without `+` (national format).
   * Omitted: only international numbers (`+49 30 ...`) are found, which keeps order
   * numbers and amounts from being read as local phone numbers.
   */
  defaultCountry?: string;
}

/**
 * The `phone` detector: `libphonenumber-js` (full metadata) finds numbers in the text
 * (`findNumbers`, its own bounded matcher) and each one must be a valid number for its
 * region (`isValid()`: real number ranges, not just the length).
 */
export function phoneDetector(options: PhoneOptions = {}): Detector {
  assertKnownOptions('phoneDetector', options, ['defaultCountry']);
  const country = options.defaultCountry;
  if (country !== undefined && (typeof country !== 'string' || !isSupportedCountry(country))) {
    throw new DlpError(
      'invalid_detector_options',
      'phone: defaultCountry must be a supported ISO 3166-1 alpha-2 code',
    );
  }
  const search =
    country === undefined
      ? { v2: true as const }
      : { defaultCountry: country as CountryCode, v2: true as const };
  return {
    id: 'phone',
    kind: 'personal',
    scan(text) {
      const out: DetectorMatch[] = [];
      let last = -1;
      for (const w of phoneWindows(text)) {
        for (const found of findNumbers(text.slice(w.start, w.end), search)) {
          const start = w.start + found.startsAt;
          if (start <= last || !found.number.isValid()) continue;
          last = w.start + found.endsAt - 1;
          out.push({ start, end: last + 1, rule: found.number.country ?? 'intl' });
        }
      }
      return out;
    },
  };
}
