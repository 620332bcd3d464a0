import { type CountryCode, findNumbers, isSupportedCountry } from 'libphonenumber-js/max';
import { DlpError } from '../errors.js';
import type { Detector, DetectorMatch } from '../types.js';

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
      for (const found of findNumbers(text, search)) {
        if (!found.number.isValid()) continue;
        out.push({
          start: found.startsAt,
          end: found.endsAt,
          rule: found.number.country ?? 'intl',
        });
      }
      return out;
    },
  };
}
