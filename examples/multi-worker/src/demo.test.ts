import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const URL_ = process.env.DATABASE_URL;

function run(env: Record<string, string>): string {
  const { DATABASE_URL: _drop, ...rest } = process.env;
  return execFileSync(process.execPath, ['--import', 'tsx', MAIN], {
    encoding: 'utf8',
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...rest, ...env },
    timeout: 170_000,
  });
}

describe('examples/multi-worker', { timeout: 240_000 }, () => {
  it('runs offline on an embedded PGlite directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'argseal-multi-worker-'));
    try {
      const out = run({ ARGSEAL_DB_DIR: join(dir, 'db') });
      expect(out).toContain('worker A');
      expect(out).toContain('refunds executed: 1 ');
      expect(out).toContain('OK: paused in A, approved once, executed exactly once by B');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const pgCase = URL_ ? it : process.env.CI === 'true' ? it : it.skip;
  // the skip note of test-kit's noteSkip (this example does not depend on test-kit): the root
  // vitest config prints it once at the end of the run
  if (!URL_ && process.env.CI !== 'true')
    console.warn(
      '[argseal skip] PostgreSQL tests | DATABASE_URL is not set | DATABASE_URL=postgres://USER@127.0.0.1:5432/DB pnpm test (.ci/run starts a throwaway PostgreSQL 15)',
    );
  pgCase('runs two workers against PostgreSQL', async () => {
    if (!URL_) throw new Error('DATABASE_URL is not set: the PostgreSQL run is mandatory in CI');
    const schema = `argseal_example_${process.pid}_${Date.now().toString(36)}`;
    try {
      const out = run({ DATABASE_URL: URL_, ARGSEAL_PG_SCHEMA: schema });
      expect(out).toContain('multi-worker demo on PostgreSQL');
      expect(out).toContain('OK: paused in A, approved once, executed exactly once by B');
      expect(out).toMatch(/audit chain: valid \(\d+ records\)/);
    } finally {
      const client = new pg.Client({ connectionString: URL_ });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  });
});
