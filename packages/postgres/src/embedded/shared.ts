import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { assertKnownOptions } from '@argseal/core';
import type { SqlQueryable } from '../sql/db.js';
import {
  EMBEDDED_OPTION_KEYS,
  type EmbeddedDatabase,
  type EmbeddedDatabaseOptions,
  openEmbeddedDatabase,
} from './database.js';
import { acquireEmbeddedLock, type HeldEmbeddedLock, wantPath } from './lock.js';

/** Options of {@link openSharedEmbeddedDatabase}. */
export interface SharedEmbeddedOptions extends EmbeddedDatabaseOptions {
  /** How long an operation waits for another process's turn. Default 15 s. */
  lockTimeoutMs?: number;
  /** How often a holder checks whether another process waits. Default 50 ms. */
  yieldCheckMs?: number;
  /** Shortest turn before a holder yields to a waiting process (batches operations). Default 200 ms. */
  minHoldMs?: number;
}

type Tx = (tx: SqlQueryable) => Promise<unknown>;
interface Opened {
  db: EmbeddedDatabase & { transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T> };
  lock: HeldEmbeddedLock;
}

/**
 * An embedded PGlite directory that several processes can use (proxies, CLIs, a console):
 * each operation runs while this process holds the directory's lock file (`<dir>.lock`),
 * and the database is open only while it does. A holder keeps the database open between
 * operations until another process waits (it leaves `<dir>.lock.want`); then it finishes
 * the operations in flight, closes the database (PGlite flushes it) and releases the lock.
 * Without contention an operation costs what it costs on a private PGlite; a turn change
 * costs a PGlite start (about half a second). Same `query` / `transaction` shape as PGlite,
 * so every SQL store accepts it. `SqlStoreError` `store_locked` after `lockTimeoutMs`.
 */
export async function openSharedEmbeddedDatabase(
  dir: string,
  options: SharedEmbeddedOptions = {},
): Promise<
  EmbeddedDatabase & { transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T> }
> {
  assertKnownOptions('openSharedEmbeddedDatabase', options, [
    ...EMBEDDED_OPTION_KEYS,
    'lockTimeoutMs',
    'yieldCheckMs',
    'minHoldMs',
  ]);
  const { lockTimeoutMs = 15_000, yieldCheckMs = 50, minHoldMs = 200, ...pglite } = options;
  const lockPath = `${resolve(dir)}.lock`;
  await mkdir(dirname(lockPath), { recursive: true });
  let opened: Promise<Opened> | undefined;
  let active = 0;
  let closing: Promise<void> | undefined;
  let closed = false;
  let watch: ReturnType<typeof setInterval> | undefined;
  let heldSince = 0;
  // after handing over, wait out a waiter's longest poll interval, so it gets its turn
  let handedOverAt = 0;
  const HAND_OVER_GAP_MS = 300;

  async function release(): Promise<void> {
    const current = opened;
    opened = undefined;
    if (watch) clearInterval(watch);
    watch = undefined;
    if (!current) return;
    const { db, lock } = await current;
    try {
      await db.close();
    } finally {
      await lock.release();
    }
  }
  const yieldIfWanted = () => {
    if (
      active === 0 &&
      opened &&
      !closing &&
      Date.now() - heldSince >= minHoldMs &&
      existsSync(wantPath(lockPath))
    ) {
      handedOverAt = Date.now();
      closing = release().finally(() => {
        closing = undefined;
      });
    }
  };
  async function open(): Promise<Opened> {
    const gap = handedOverAt + HAND_OVER_GAP_MS - Date.now();
    if (gap > 0) await new Promise((r) => setTimeout(r, gap));
    const lock = await acquireEmbeddedLock(lockPath, lockTimeoutMs);
    try {
      const db = (await openEmbeddedDatabase(dir, pglite)) as Opened['db'];
      heldSince = Date.now();
      watch = setInterval(yieldIfWanted, yieldCheckMs);
      watch.unref?.();
      return { db, lock };
    } catch (error) {
      await lock.release();
      throw error;
    }
  }
  async function run<T>(fn: (db: Opened['db']) => Promise<T>): Promise<T> {
    if (closed) throw new Error('the shared embedded database is closed');
    active++;
    try {
      while (closing) await closing;
      opened ??= open();
      let current: Opened;
      try {
        current = await opened;
      } catch (error) {
        opened = undefined;
        throw error;
      }
      return await fn(current.db);
    } finally {
      active--;
      yieldIfWanted();
    }
  }

  // the first open migrates the directory and fails early on a bad one
  await run(async () => undefined);
  return {
    query: (text, params) => run((db) => db.query(text, params)),
    transaction: <T>(fn: (tx: SqlQueryable) => Promise<T>) =>
      run((db) => db.transaction(fn as Tx) as Promise<T>),
    async close() {
      closed = true;
      while (closing) await closing;
      await release();
    },
  };
}
