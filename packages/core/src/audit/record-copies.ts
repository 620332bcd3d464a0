import { setDataProperty } from '../json/strict-domain.js';
import type { AuditRecord } from './types.js';

/** Replaces the nested values of a fresh record (trace, error, data: JSON data) by copies. */
export function detachNested(record: Record<string, unknown>): void {
  const keys = Object.keys(record);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const v = record[key];
    if (typeof v === 'object' && v !== null) setDataProperty(record, key, structuredClone(v));
  }
}

/** A copy of a record that shares no object with it. */
export function copyRecord(record: AuditRecord): AuditRecord {
  const out: Record<string, unknown> = {};
  const keys = Object.keys(record);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const v = (record as unknown as Record<string, unknown>)[key];
    setDataProperty(out, key, typeof v === 'object' && v !== null ? structuredClone(v) : v);
  }
  return out as unknown as AuditRecord;
}
