import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { expectTypeOf, test } from 'vitest';
import type { SqlQueryable } from '../sql/db.js';
import type { EmbeddedDatabase, EmbeddedDatabaseOptions } from './database.js';

test('the local EmbeddedDatabase type describes what PGlite is', () => {
  expectTypeOf<PGlite>().toExtend<EmbeddedDatabase>();
  expectTypeOf<EmbeddedDatabase>().toExtend<SqlQueryable>();
});

test('EmbeddedDatabaseOptions are PGlite options (without dataDir)', () => {
  expectTypeOf<Omit<EmbeddedDatabaseOptions, 'extensions'>>().toExtend<
    Omit<PGliteOptions, 'dataDir'>
  >();
  expectTypeOf<EmbeddedDatabaseOptions>().not.toHaveProperty('dataDir');
});
