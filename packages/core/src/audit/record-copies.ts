import { setDataProperty } from '../json/strict-domain.js';
import type { AuditRecord } from './types.js';

/**
 * Replaces the nested values of a fresh record (trace, error, data: JSON data) by copies;
 * returns whether it has any.
 */
export function detachNested(record: Record<string, unknown>): boolean {
  let nested = false;
  const keys = Object.keys(record);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const v = record[key];
    if (typeof v === 'object' && v !== null) {
      setDataProperty(record, key, structuredClone(v));
      nested = true;
    }
  }
  return nested;
}

/**
 * A copy of a record that shares no object with it. `nested`: whether it has nested
 * values (else a spread, which defines `__proto__` as data like every other key, is one).
 */
export function copyRecord(record: AuditRecord, nested: boolean): AuditRecord {
  const out = { ...record };
  if (nested) detachNested(out as unknown as Record<string, unknown>);
  return out;
}
