import type { SqlToolPinStore, ToolPinRecord, ToolPinStatus } from '@argseal/postgres';
import type { Hono } from 'hono';
import type { ConsoleEnv } from '../auth.js';
import { HttpError } from '../http-errors.js';
import { parseLimit } from '../proposal-view.js';

/** Where the console reads and decides tool-definition pins (`createSqlToolPinStore`). */
export type ConsolePinStore = SqlToolPinStore;

const STATUS: Record<string, number> = {
  pin_not_found: 404,
  pin_not_pending: 409,
  invalid_pin_decision: 400,
  invalid_pin_definition: 400,
  definition_hash_mismatch: 400,
};

/** Runs a pin-store call; its refusals keep their code with a fitting status. */
export async function pinCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const code = (error as { code?: unknown })?.code;
    if (typeof code === 'string' && STATUS[code] !== undefined)
      throw new HttpError(STATUS[code] as 400, code, (error as Error).message);
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
    throw new HttpError(400, 'invalid_status', `status must be one of ${STATUSES.join(', ')}`);
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
      throw new HttpError(404, 'pins_unavailable', 'this console keeps no tool-definition pins');
    });
  }
  return pins as ConsolePinStore;
}
