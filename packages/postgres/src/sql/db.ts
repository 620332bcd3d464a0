import { SqlStoreError } from '../errors.js';
import { statementName } from './statement-names.js';

/**
 * The minimal query interface the SQL store needs. A `pg` `Pool`, a `pg` `Client`
 * and a PGlite instance all satisfy it.
 */
export interface SqlQueryable {
  query(text: string, params?: any[]): Promise<{ rows: any[] }>;
}

export type Row = Record<string, unknown>;
export type QueryFn = (text: string, params?: unknown[]) => Promise<Row[]>;

/** How the store talks to one database handle: single statements and transactions. */
export interface Runner {
  query: QueryFn;
  /**
   * The handle runs one statement at a time (PGlite, one `pg` Client): a statement sent
   * while another runs waits for it, so writers send one at a time and group what waits.
   */
  serial: boolean;
  transaction<T>(fn: (query: QueryFn) => Promise<T>): Promise<T>;
}

interface PGliteLike extends SqlQueryable {
  transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T>;
}
interface PoolClientLike extends SqlQueryable {
  release(error?: Error | boolean): void;
}
interface PoolLike extends SqlQueryable {
  connect(): Promise<PoolClientLike>;
  totalCount: number;
}

const runners = new WeakMap<object, Runner>();

function bind(db: SqlQueryable): QueryFn {
  return async (text, params) => (await db.query(text, params as any[])).rows as Row[];
}

/**
 * node-postgres: statements with parameters go out as named prepared statements
 * (`{ name, text, values }`), parsed and planned once per connection instead of per call.
 */
function bindNamed(db: SqlQueryable): QueryFn {
  const pg = db as unknown as {
    query(config: { name?: string; text: string; values?: unknown[] }): Promise<{ rows: Row[] }>;
  };
  return async (text, params) => {
    const name = params && params.length > 0 ? statementName(text) : undefined;
    const result = await pg.query(name ? { name, text, values: params } : { text, values: params });
    return result.rows;
  };
}

function isPGlite(db: SqlQueryable): db is PGliteLike {
  return typeof (db as Partial<PGliteLike>).transaction === 'function';
}

function isPool(db: SqlQueryable): db is PoolLike {
  const pool = db as Partial<PoolLike>;
  return typeof pool.connect === 'function' && typeof pool.totalCount === 'number';
}

/** A node-postgres `Client` / `PoolClient` (it accepts query config objects). */
function isPgClient(db: SqlQueryable): boolean {
  const client = db as { connect?: unknown; connection?: unknown; processID?: unknown };
  return (
    typeof client.connect === 'function' &&
    typeof client.connection === 'object' &&
    client.connection !== null &&
    'processID' in client
  );
}

async function inTransaction<T>(query: QueryFn, fn: (query: QueryFn) => Promise<T>): Promise<T> {
  await query('BEGIN');
  try {
    const result = await fn(query);
    await query('COMMIT');
    return result;
  } catch (error) {
    await query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

function poolRunner(pool: PoolLike): Runner {
  return {
    query: bindNamed(pool),
    serial: false,
    async transaction(fn) {
      const client = await pool.connect();
      let failure: Error | undefined;
      try {
        return await inTransaction(bindNamed(client), fn);
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        // A failed transaction may have lost its connection: do not return it to the pool.
        client.release(failure);
      }
    },
  };
}

/** One connection (a `pg` Client or anything else): every operation takes its turn. */
function serialRunner(db: SqlQueryable): Runner {
  const raw = isPgClient(db) ? bindNamed(db) : bind(db);
  let tail: Promise<unknown> = Promise.resolve();
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  }
  return {
    query: (text, params) => exclusive(() => raw(text, params)),
    serial: true,
    transaction: (fn) => exclusive(() => inTransaction(raw, fn)),
  };
}

/** Returns the shared runner for a database handle (one per handle, so locks are shared). */
export function runnerFor(db: SqlQueryable): Runner {
  if (typeof db !== 'object' || db === null || typeof db.query !== 'function') {
    throw new SqlStoreError(
      'invalid_database',
      'expected a database handle with query(text, params): a pg Pool or Client, or PGlite',
    );
  }
  let runner = runners.get(db);
  if (runner) return runner;
  if (isPGlite(db)) {
    const pglite = db;
    runner = {
      query: bind(pglite),
      serial: true,
      transaction: (fn) => pglite.transaction((tx) => fn(bind(tx))),
    };
  } else if (isPool(db)) {
    runner = poolRunner(db);
  } else {
    runner = serialRunner(db);
  }
  runners.set(db, runner);
  return runner;
}
