import validator from 'validator';
import type { Detector, DetectorMatch } from '../types.js';

const LOCAL = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]/;
const DOMAIN = /[A-Za-z0-9.-]/;
const MAX_LOCAL = 64;
const MAX_DOMAIN = 253;

/**
 * Around each `@`, reads at most 64 local-part and 253 domain characters (a plain
 * character scan, no regex backtracking), trims dots, and keeps the candidate when
 * `validator.isEmail` accepts it (`require_tld`, no display names).
 */
export function emailDetector(): Detector {
  return {
    id: 'email',
    kind: 'personal',
    scan(text) {
      const out: DetectorMatch[] = [];
      let lastEnd = 0;
      for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
        let s = at;
        while (s > lastEnd && at - s < MAX_LOCAL && LOCAL.test(text[s - 1]!)) s--;
        while (s < at && text[s] === '.') s++;
        let e = at + 1;
        while (e < text.length && e - at - 1 < MAX_DOMAIN && DOMAIN.test(text[e]!)) e++;
        while (e > at + 1 && (text[e - 1] === '.' || text[e - 1] === '-')) e--;
        if (s === at || e === at + 1) continue;
        if (validator.isEmail(text.slice(s, e), { allow_display_name: false, require_tld: true })) {
          out.push({ start: s, end: e });
          lastEnd = e;
        }
      }
      return out;
    },
  };
}
