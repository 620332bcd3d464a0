import { afterAll, describe, it } from 'vitest';
import { CASES } from './cases.js';
import { checkCase } from './check-case.js';
import type { KnownFailure, RealProviderDriver } from './driver.js';
import { renderTable, saveRows, type TableRow, WIRINGS } from './table.js';

export interface RealProviderSuiteOptions {
  /** See {@link KnownFailure}. An entry whose case passes, or fails otherwise, fails the test. */
  knownFailures?: readonly KnownFailure[];
}

/**
 * The real-provider conformance suite: for every target x mode of `driver`, every case
 * runs against a loopback provider unsealed (recorded only), sealed and sealed with the
 * strict fetch guard (asserted). Prints the provider x API x mode x case table.
 */
export function describeRealProviderSuite(
  driver: RealProviderDriver,
  options: RealProviderSuiteOptions = {},
): void {
  const rows: TableRow[] = [];
  const known = options.knownFailures ?? [];
  describe(`real providers: ${driver.adapter}`, { timeout: 30_000 }, () => {
    afterAll(async () => {
      await saveRows(driver.adapter, rows);
      console.log(`\n${renderTable(rows)}\n`);
    });
    for (const target of driver.targets) {
      for (const mode of driver.modes) {
        describe.concurrent(`${target.provider} ${target.api} ${mode}`, () => {
          for (const c of CASES) {
            for (const wiring of WIRINGS) {
              it(`${c.name} [${wiring}]`, async (ctx) => {
                const result = await checkCase({ driver, target, mode, wiring }, c);
                const entry = known.find(
                  (k) =>
                    k.provider === target.provider &&
                    k.api === target.api &&
                    k.mode === mode &&
                    k.wiring === wiring &&
                    k.case === c.name,
                );
                const verdict =
                  wiring === 'unsealed'
                    ? '-'
                    : result.failures.length === 0
                      ? 'pass'
                      : entry
                        ? 'known'
                        : 'fail';
                rows.push({
                  adapter: driver.adapter,
                  ...target,
                  mode,
                  case: c.name,
                  wiring,
                  cell: result.cell,
                  failures: result.failures,
                  verdict,
                });
                if (entry) {
                  // a known failure must still fail, and with the assertion listed
                  ctx.expect(result.failures).toContain(entry.assertion);
                  ctx.skip();
                }
                ctx.expect(result.failures, result.cell).toEqual([]);
              });
            }
          }
        });
      }
    }
  });
}
