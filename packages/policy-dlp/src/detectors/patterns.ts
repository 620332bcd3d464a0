import { DlpError } from '../errors.js';
import type { Detector, DetectorMatch } from '../types.js';

/** A custom secret pattern, e.g. your own API token format. */
export interface PatternRule {
  /** Detector id: lowercase letters, digits and `_`, starting with a letter, up to 40 chars. */
  id: string;
  /**
   * The pattern. It sees model output: write it so it runs in linear time (no nested or
   * overlapping quantifiers such as `(a+)+` or `(\w|\d)*`), and anchor it on a literal
   * prefix where you can. Flags are kept; `g` is added.
   */
  pattern: RegExp;
  /** Extra check of a match (a checksum, a length), when the pattern alone is too broad. */
  validate?: (match: string) => boolean;
}

/** Ids of detectors, built-in and custom. */
export const DETECTOR_ID = /^[a-z][a-z0-9_]{0,39}$/;

/** Compiles one custom pattern rule into a detector of kind `secret`. */
export function patternDetector(rule: PatternRule, option: string): Detector {
  if (typeof rule !== 'object' || rule === null) {
    throw new DlpError('invalid_pattern', `${option}: expected { id, pattern }`);
  }
  if (typeof rule.id !== 'string' || !DETECTOR_ID.test(rule.id)) {
    throw new DlpError('invalid_pattern', `${option}.id: expected /^[a-z][a-z0-9_]{0,39}$/`);
  }
  if (!(rule.pattern instanceof RegExp)) {
    throw new DlpError('invalid_pattern', `${option}.pattern: expected a RegExp`);
  }
  if (rule.validate !== undefined && typeof rule.validate !== 'function') {
    throw new DlpError('invalid_pattern', `${option}.validate: expected a function`);
  }
  const flags = rule.pattern.flags.replace(/[gy]/g, '');
  const source = rule.pattern.source;
  const validate = rule.validate;
  if (new RegExp(source, flags).test('')) {
    throw new DlpError('invalid_pattern', `${option}.pattern: must not match the empty string`);
  }
  return {
    id: rule.id,
    kind: 'secret',
    scan(text) {
      const out: DetectorMatch[] = [];
      for (const m of text.matchAll(new RegExp(source, `${flags}g`))) {
        const match = m[0];
        if (match.length === 0) continue;
        if (validate && !validate(match)) continue;
        out.push({ start: m.index, end: m.index + match.length });
      }
      return out;
    },
  };
}
