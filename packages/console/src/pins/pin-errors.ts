import {
  SqlStoreError,
  type SqlStoreErrorCode,
  type SqlToolPinStore,
  type ToolPinRecord,
  type ToolPinStatus,
} from '@argseal/postgres';
import type { Hono } from 'hono';
import type { ConsoleEnv } from '../auth.js';
import type { HttpErrorCode } from '../http-error-codes.js';
import { HttpError } from '../http-errors.js';
import { parseLimit } from '../proposal-view.js';

/** Where the console reads and decides tool-definition pins (`createSqlToolPinStore`). */
export type ConsolePinStore = SqlToolPinStore;

// The pin store's refusals that are the caller's to fix; its other codes (the database
// failed) stay errors and answer 500.
type PinRefusal = SqlStoreErrorCode & HttpErrorCode;
const PIN_REFUSALS: ReadonlySet<string> = new Set<PinRefusal>([
  'pin_not_found',
  'pin_not_pending',
  'invalid_pin_decision',
  'invalid_pin_definition',
  'definition_hash_mismatch',
]);
const isPinRefusal = (code: string): code is PinRefusal => PIN_REFUSALS.has(code);

/** Runs a pin-store call; its refusals keep their code (and that code's status). */
export async function pinCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (SqlStoreError.isInstance(error) && isPinRefusal(error.code))
      throw new HttpError(error.code, error.message);
    throw error;
  }
}

const STATUSES: readonly (ToolPinStatus | 'all')[] = [
  'pending',
  'approved',
  'rejected',
  'superseded',
  'all',
];

/** `?status=` (default `fallback`) and `?limit=` (1-1000, default 200) of a pin list. */
export function pinListFilter(
  status: string | undefined,
  limit: string | undefined,
  fallback: ToolPinStatus | 'all',
): { status: ToolPinStatus | 'all'; limit: number } {
  const s = (status ?? fallback) as ToolPinStatus | 'all';
  if (!STATUSES.includes(s))
    throw new HttpError('invalid_status', `status must be one of ${STATUSES.join(', ')}`);
  return { status: s, limit: parseLimit(limit, 200) };
}

/** A pin without its definition text (list rows). */
export function pinSummary(r: ToolPinRecord): Omit<ToolPinRecord, 'definitionJson'> {
  const { definitionJson: _drop, ...rest } = r;
  return rest;
}

/** The approved definition of the record's tool, if any. */
export async function currentPin(
  store: ConsolePinStore,
  r: ToolPinRecord,
): Promise<ToolPinRecord | undefined> {
  const approved = await store.list({ status: 'approved', agent: r.agent, server: r.server });
  return approved.find((p) => p.tool === r.tool);
}

/** The store, or (when the console has none) a route set that answers 404 `pins_unavailable`. */
export function pinsOrRefuse(
  app: Hono<ConsoleEnv>,
  pins: ConsolePinStore | undefined,
): ConsolePinStore {
  if (!pins) {
    app.use('*', () => {
      throw new HttpError('pins_unavailable', 'this console keeps no tool-definition pins');
    });
  }
  return pins as ConsolePinStore;
}
