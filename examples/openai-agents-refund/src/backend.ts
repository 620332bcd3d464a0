import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A tiny file-backed "backend", so every process sees exactly what ran. */
export interface BackendState {
  refunds: { orderId: string; amount: number; currency: string }[];
  deletedCustomers: string[];
}

export const ORDERS: Record<string, { customerId: string; total: number; currency: string }> = {
  'A-1001': { customerId: 'C-42', total: 12000, currency: 'EUR' },
  'B-2002': { customerId: 'C-77', total: 8000, currency: 'EUR' },
};

/** The server's own order list for a customer: the ids policies may trust. */
export function ordersOf(customerId: string): string[] {
  return Object.keys(ORDERS).filter((id) => ORDERS[id]?.customerId === customerId);
}

export function readBackend(dir: string): BackendState {
  const file = join(dir, 'backend.json');
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as BackendState)
    : { refunds: [], deletedCustomers: [] };
}

export function updateBackend(dir: string, change: (state: BackendState) => void): void {
  const state = readBackend(dir);
  change(state);
  writeFileSync(join(dir, 'backend.json'), JSON.stringify(state, null, 2));
}
