import { describe, it } from 'vitest';
import { ENABLE, noteSkip } from './skip-note.js';

// test-kit is type-checked by packages without Node's types: read the environment untyped.
const env = (): Record<string, string | undefined> =>
  (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};

/**
 * Registers PostgreSQL tests with the connection string in `DATABASE_URL` (set by `.ci/run`).
 * Without it they are skipped, said once at the end of the run (`noteSkip`), except under `CI=true`, where the missing
 * database is a failing test: PostgreSQL tests are mandatory in CI.
 */
export function describePostgres(name: string, fn: (url: string) => void): void {
  const url = env().DATABASE_URL;
  if (url) {
    describe(name, () => fn(url));
    return;
  }
  if (env().CI === 'true') {
    describe(name, () => {
      it('requires DATABASE_URL when CI=true', () => {
        throw new Error('DATABASE_URL is not set: PostgreSQL tests are mandatory in CI');
      });
    });
    return;
  }
  noteSkip({
    what: 'PostgreSQL tests',
    missing: 'DATABASE_URL is not set',
    enable: ENABLE.postgres,
  });
  describe.skip(name, () => fn(''));
}
