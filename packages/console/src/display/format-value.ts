import type { JsonValue } from '@argseal/core';
import type { PresentedField } from '@argseal/core/data';
import { reveal } from './reveal.js';

/** ISO 4217 minor-unit digits; Intl knows them, with 2 as the fallback for unknown codes. */
function minorDigits(currency: string): number {
  try {
    const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits;
    return typeof digits === 'number' && digits >= 0 && digits <= 4 ? digits : 2;
  } catch {
    return 2;
  }
}

/**
 * An integer amount in minor units as a decimal string with the currency code, computed on
 * the digits (no floating point): `12000, "EUR"` is `120.00 EUR`, `-5, "USD"` is `-0.05 USD`,
 * `500, "JPY"` is `500 JPY`. Undefined when the amount is not a safe integer.
 */
export function formatMoney(amount: JsonValue | undefined, currency: string): string | undefined {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) return undefined;
  const digits = minorDigits(currency);
  const sign = amount < 0 ? '-' : '';
  const units = String(Math.abs(amount)).padStart(digits + 1, '0');
  const head = units.slice(0, units.length - digits);
  let whole = '';
  for (let i = 0; i < head.length; i++) {
    if (i > 0 && (head.length - i) % 3 === 0) whole += ',';
    whole += head[i];
  }
  const fraction = digits > 0 ? `.${units.slice(units.length - digits)}` : '';
  return `${sign}${whole}${fraction} ${currency}`;
}

function formatDate(value: JsonValue, withTime: boolean): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return undefined;
  const iso = d.toISOString();
  return withTime ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : iso.slice(0, 10);
}

/** A value as JSON text, hidden characters revealed. */
function asText(value: JsonValue | undefined): string {
  if (value === undefined) return '(not given)';
  if (typeof value === 'string') return reveal(value).text;
  return reveal(JSON.stringify(value)).text;
}

/** Looks a JSON Pointer up in decoded arguments (own properties only). */
export function valueAt(args: JsonValue, pointer: string): JsonValue | undefined {
  if (pointer === '') return args;
  let at: JsonValue | undefined = args;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, JsonValue>)[key];
  }
  return at;
}

/**
 * One field shown as an approver reads it. Money falls back to the raw number with its
 * unit spelled out when the currency is unknown, so a value is never shown misleadingly.
 */
export function formatField(field: PresentedField, args: JsonValue): string {
  const value = valueAt(args, field.path);
  if (value === undefined) return '(not given)';
  switch (field.format) {
    case 'money': {
      const code = field.currencyPath ? valueAt(args, field.currencyPath) : field.currency;
      const shown =
        typeof code === 'string' && /^[A-Z]{3}$/.test(code) ? formatMoney(value, code) : undefined;
      return shown ?? `${asText(value)} (minor units, currency unknown)`;
    }
    case 'date':
    case 'datetime':
      return formatDate(value, field.format === 'datetime') ?? asText(value);
    case 'boolean':
      return value === true ? 'yes' : value === false ? 'no' : asText(value);
    default:
      return asText(value);
  }
}
