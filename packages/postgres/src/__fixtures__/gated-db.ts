import type { AuditEvent } from '@argseal/core/store';
import type { SqlQueryable } from '../sql/db.js';

/** An audit event of one agent's call (the group-commit tests). */
export const callEvent = (type: AuditEvent['type'], toolCallId: string): AuditEvent => ({
  type,
  agent: 'mcp',
  tool: 'fx/echo',
  toolCallId,
  proposalHash: 'a'.repeat(64),
});

/** Polls `check` every 20 ms until it holds; throws after `tries` attempts (10 s by default). */
export async function until(check: () => boolean | Promise<boolean>, tries = 500): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition not reached');
}

/**
 * A database handle in front of `db` that counts statements, holds them at a gate
 * (`shut()` returns the function that opens it) and fails the next `failing` of them
 * with a disk-full error. With `pool`, it looks like a `pg` Pool (statements may overlap);
 * else like one connection (one statement at a time).
 */
export function gatedDb(db: SqlQueryable, options: { pool?: boolean } = {}) {
  let gate: Promise<void> | undefined;
  const state = {
    statements: 0,
    failing: 0,
    shut(): () => void {
      let open: () => void = () => undefined;
      gate = new Promise<void>((r) => {
        open = r;
      });
      return () => {
        gate = undefined;
        open();
      };
    },
  };
  // a pool's runner sends `{ name, text, values }` (named prepared statements)
  type Config = { text: string; values?: unknown[] };
  const query = async (sql: string | Config, values?: unknown[]) => {
    const [text, params] = typeof sql === 'string' ? [sql, values] : [sql.text, sql.values];
    state.statements += 1;
    if (gate) await gate;
    if (state.failing > 0) {
      state.failing -= 1;
      throw Object.assign(new Error('disk full'), { code: '53100' });
    }
    return db.query(text, params as never);
  };
  const handle: SqlQueryable = options.pool
    ? ({
        query,
        totalCount: 1,
        connect: async () => ({ query, release: () => undefined }),
      } as SqlQueryable)
    : ({ query } as SqlQueryable);
  return { db: handle, state };
}

/** Whether `p` settles within 20 ms. */
export async function settledYet(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setTimeout(r, 20));
  return done;
}
