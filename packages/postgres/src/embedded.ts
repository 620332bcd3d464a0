import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { migrate } from './migrate.js';

/**
 * Opens (or creates) an embedded PGlite database and migrates it. Pass a directory
 * for a file-backed database that survives restarts, or nothing for an in-memory one.
 * One process at a time may open a directory; use PostgreSQL for many workers.
 */
export async function openEmbeddedDatabase(
  dir?: string,
  options: Omit<PGliteOptions, 'dataDir'> = {},
): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ ...options, ...(dir ? { dataDir: dir } : {}) });
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
