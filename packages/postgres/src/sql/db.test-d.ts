import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { expectTypeOf, test } from 'vitest';
import type { SqlQueryable } from './db.js';

test('pg Pool, pg Client, pg PoolClient and PGlite satisfy SqlQueryable', () => {
  expectTypeOf<pg.Pool>().toExtend<SqlQueryable>();
  expectTypeOf<pg.Client>().toExtend<SqlQueryable>();
  expectTypeOf<pg.PoolClient>().toExtend<SqlQueryable>();
  expectTypeOf<PGlite>().toExtend<SqlQueryable>();
});
