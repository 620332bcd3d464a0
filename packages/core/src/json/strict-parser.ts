import type { ValidationErrorCode } from '../errors.js';
import { numberLiteralFault } from './number-literal.js';
import { DomainFault, rethrowAt, setDataProperty } from './strict-domain.js';
import type { JsonValue } from './types.js';

/**
 * @internal The reference strict parser: one recursive-descent pass over the text that
 * decodes and checks every rule, and reports the first fault in text order with its path.
 * {@link parseStrictJson} takes a faster two-pass route and falls back to this one
 * whenever that route sees anything it would refuse, so codes and paths come from here.
 *
 * @throws {DomainFault} the first violation, its tokens collected on the way up.
 */
export function parseStrictReference(text: string, maxDepth: number): JsonValue {
  const p = new Parser(text, maxDepth);
  p.skipWs();
  const value = p.parseValue(0);
  p.skipWs();
  if (p.pos !== text.length) throw new DomainFault('trailing_data');
  return value;
}

class Parser {
  pos = 0;

  constructor(
    readonly text: string,
    readonly maxDepth: number,
  ) {}

  error(code: ValidationErrorCode): DomainFault {
    return new DomainFault(code);
  }

  skipWs(): void {
    const t = this.text;
    let i = this.pos;
    for (;;) {
      const c = t.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else break;
    }
    this.pos = i;
  }

  parseValue(depth: number): JsonValue {
    const c = this.text.charCodeAt(this.pos);
    if (c === 34) return this.parseString();
    if (c === 123) return this.parseObject(depth + 1);
    if (c === 91) return this.parseArray(depth + 1);
    if (c === 45 || (c >= 48 && c <= 57)) return this.parseNumber();
    if (c === 116) return this.literal('true', true);
    if (c === 102) return this.literal('false', false);
    if (c === 110) return this.literal('null', null);
    throw this.error('invalid_json');
  }

  literal<T>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.pos)) throw this.error('invalid_json');
    this.pos += word.length;
    return value;
  }

  parseObject(depth: number): JsonValue {
    if (depth > this.maxDepth) throw this.error('max_depth_exceeded');
    const t = this.text;
    const out: Record<string, JsonValue> = {};
    this.pos++;
    this.skipWs();
    if (t.charCodeAt(this.pos) === 125) {
      this.pos++;
      return out;
    }
    for (;;) {
      if (t.charCodeAt(this.pos) !== 34) throw this.error('invalid_json');
      const key = this.parseString();
      if (Object.hasOwn(out, key)) throw this.error('duplicate_key').at(key);
      this.skipWs();
      if (t.charCodeAt(this.pos) !== 58) throw this.error('invalid_json').at(key);
      this.pos++;
      this.skipWs();
      let value: JsonValue;
      try {
        value = this.parseValue(depth);
      } catch (e) {
        rethrowAt(e, key);
      }
      setDataProperty(out, key, value);
      if (this.endOfMember(125)) return out;
    }
  }

  /**
   * After a member or element: consumes `,` (false: another follows) or the closing
   * bracket `close` (true: the container ended). Anything else is a syntax error.
   */
  endOfMember(close: number): boolean {
    this.skipWs();
    const c = this.text.charCodeAt(this.pos);
    if (c === 44) {
      this.pos++;
      this.skipWs();
      return false;
    }
    if (c !== close) throw this.error('invalid_json');
    this.pos++;
    return true;
  }

  parseArray(depth: number): JsonValue {
    if (depth > this.maxDepth) throw this.error('max_depth_exceeded');
    const t = this.text;
    const out: JsonValue[] = [];
    this.pos++;
    this.skipWs();
    if (t.charCodeAt(this.pos) === 93) {
      this.pos++;
      return out;
    }
    for (let i = 0; ; i++) {
      try {
        out.push(this.parseValue(depth));
      } catch (e) {
        rethrowAt(e, i);
      }
      if (this.endOfMember(93)) return out;
    }
  }

  parseString(): string {
    const t = this.text;
    const start = ++this.pos;
    let i = start;
    for (;;) {
      const c = t.charCodeAt(i);
      // ordinary characters first: one or two comparisons each
      if (c > 92 ? c < 0xd800 : c >= 32 && c !== 34 && c !== 92) {
        i++;
        continue;
      }
      if (c === 34) {
        this.pos = i + 1;
        return t.slice(start, i);
      }
      if (c === 92) break;
      if (c < 32 || Number.isNaN(c)) throw this.error('invalid_json');
      if (c >= 0xd800 && c <= 0xdfff) {
        const d = t.charCodeAt(i + 1);
        if (c >= 0xdc00 || !(d >= 0xdc00 && d <= 0xdfff)) throw this.error('lone_surrogate');
        i += 2;
        continue;
      }
      i++;
    }
    return this.parseEscapedString(start, i);
  }

  parseEscapedString(start: number, firstEscape: number): string {
    const t = this.text;
    let out = t.slice(start, firstEscape);
    let i = firstEscape;
    let pendingHigh = -1;
    for (;;) {
      const c = t.charCodeAt(i);
      if (pendingHigh !== -1 && c !== 92) throw this.error('lone_surrogate');
      if (c === 34) {
        this.pos = i + 1;
        return out;
      }
      if (c === 92) {
        const e = t.charCodeAt(i + 1);
        let unit: number;
        if (e === 117) {
          unit = this.hex4(i + 2);
          i += 6;
        } else {
          unit = simpleEscape(e);
          if (unit === -1) throw this.error('invalid_json');
          i += 2;
        }
        if (pendingHigh !== -1) {
          if (unit < 0xdc00 || unit > 0xdfff) throw this.error('lone_surrogate');
          out += String.fromCharCode(pendingHigh, unit);
          pendingHigh = -1;
        } else if (unit >= 0xd800 && unit <= 0xdbff) {
          pendingHigh = unit;
        } else if (unit >= 0xdc00 && unit <= 0xdfff) {
          throw this.error('lone_surrogate');
        } else {
          out += String.fromCharCode(unit);
        }
        continue;
      }
      if (c < 32 || Number.isNaN(c)) throw this.error('invalid_json');
      if (c >= 0xd800 && c <= 0xdfff) {
        const d = t.charCodeAt(i + 1);
        if (c >= 0xdc00 || !(d >= 0xdc00 && d <= 0xdfff)) throw this.error('lone_surrogate');
        out += t.slice(i, i + 2);
        i += 2;
        continue;
      }
      // copy a run of ordinary characters at once
      let j = i + 1;
      for (;;) {
        const d = t.charCodeAt(j);
        if (d === 34 || d === 92 || d < 32 || (d >= 0xd800 && d <= 0xdfff) || Number.isNaN(d))
          break;
        j++;
      }
      out += t.slice(i, j);
      i = j;
    }
  }

  hex4(at: number): number {
    let v = 0;
    for (let k = 0; k < 4; k++) {
      const c = this.text.charCodeAt(at + k);
      let d: number;
      if (c >= 48 && c <= 57) d = c - 48;
      else if (c >= 97 && c <= 102) d = c - 87;
      else if (c >= 65 && c <= 70) d = c - 55;
      else throw this.error('invalid_json');
      v = v * 16 + d;
    }
    return v;
  }

  parseNumber(): number {
    const t = this.text;
    const start = this.pos;
    let i = start;
    let integer = true; // no fraction and no exponent
    const negative = t.charCodeAt(i) === 45;
    if (negative) i++;
    let c = t.charCodeAt(i);
    // the integer part's value, exact while it has at most 15 digits
    let digits = 0;
    if (c === 48) {
      i++;
    } else if (c >= 49 && c <= 57) {
      do {
        digits = digits * 10 + (c - 48);
        i++;
      } while ((c = t.charCodeAt(i)) >= 48 && c <= 57);
    } else {
      throw this.error('invalid_json');
    }
    const intDigits = i - start - (negative ? 1 : 0);
    if (t.charCodeAt(i) === 46) {
      integer = false;
      i++;
      if (!((c = t.charCodeAt(i)) >= 48 && c <= 57)) throw this.error('invalid_json');
      do i++;
      while ((c = t.charCodeAt(i)) >= 48 && c <= 57);
    }
    c = t.charCodeAt(i);
    if (c === 101 || c === 69) {
      integer = false;
      i++;
      c = t.charCodeAt(i);
      if (c === 43 || c === 45) i++;
      if (!((c = t.charCodeAt(i)) >= 48 && c <= 57)) throw this.error('invalid_json');
      do i++;
      while ((c = t.charCodeAt(i)) >= 48 && c <= 57);
    }
    this.pos = i;
    // short integer literals (the common case: amounts, ids, counts) need no slice
    if (integer && intDigits <= 15) {
      if (digits === 0 && negative) throw this.error('negative_zero');
      return negative ? -digits : digits;
    }
    const literal = t.slice(start, i);
    const value = +literal;
    if (value === Number.POSITIVE_INFINITY || value === Number.NEGATIVE_INFINITY) {
      throw this.error('number_overflow');
    }
    const fault = numberLiteralFault(literal, value);
    if (fault) throw this.error(fault);
    return value;
  }
}

function simpleEscape(e: number): number {
  switch (e) {
    case 34:
      return 34;
    case 92:
      return 92;
    case 47:
      return 47;
    case 98:
      return 8;
    case 102:
      return 12;
    case 110:
      return 10;
    case 114:
      return 13;
    case 116:
      return 9;
    default:
      return -1;
  }
}
