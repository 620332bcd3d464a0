import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const URL_ = process.env.DATABASE_URL;

const pgCase = URL_ || process.env.CI === 'true' ? it : it.skip;
if (!URL_) {
  console.warn(
    '[examples/durable-refund] DATABASE_URL is not set: SKIPPING the DBOS run (set DATABASE_URL=postgres://… to run it; mandatory with CI=true)',
  );
}

describe('examples/durable-refund', { timeout: 240_000 }, () => {
  pgCase(
    'a worker killed while it waits, a restart and one approval: the refund runs exactly once',
    () => {
      if (!URL_) throw new Error('DATABASE_URL is not set: the DBOS example is mandatory in CI');
      const out = execFileSync(process.execPath, ['--import', 'tsx', MAIN], {
        encoding: 'utf8',
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        env: process.env,
        timeout: 200_000,
      });
      expect(out).toContain('worker 1 killed (SIGKILL) while it waits');
      expect(out).toContain('outcome: executed');
      expect(out).toContain('refunds table: [{"order_id":"ord_42","amount":25000}]');
      expect(out).toContain('audit chain: verified');
      expect(out).toContain('durable-refund: the approved refund ran exactly once');
    },
  );
});
