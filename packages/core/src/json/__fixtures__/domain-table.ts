import { describe, expect, it } from 'vitest';
import type { StrictDomainOptions } from '../strict-domain.js';
import { type DomainRow, domainRows } from './domain-rejections.js';
import { rejection, SECRET } from './rejection.js';

/**
 * Runs every strict-domain rejection against `fn` (createSnapshot or canonicalize):
 * stage, code and message hygiene in one test, the exact JSON Pointer in another.
 */
export function describeDomainRejections(
  label: string,
  fn: (value: unknown, options?: StrictDomainOptions) => unknown,
): void {
  describe(`${label} rejections`, () => {
    const cases = domainRows.map((r) => [r.name, r] as const);

    it.each(cases)('%s: stage, code, no payload in message', (_name, row: DomainRow) => {
      const err = rejection(() => fn(row.make(), row.options));
      expect([err.stage, err.code]).toEqual(['snapshot', row.code]);
      expect(err.tool).toBeUndefined();
      expect(err.message.startsWith(`snapshot/${row.code} at `)).toBe(true);
      for (const leaked of [SECRET, ...(row.leak ?? [])]) expect(err.message).not.toContain(leaked);
    });

    for (const row of domainRows) {
      it(`${row.name}: path ${JSON.stringify(row.path)}`, () => {
        const err = rejection(() => fn(row.make(), row.options));
        expect(err.path).toBe(row.path);
        expect(err.message).toBe(
          `snapshot/${row.code} at ${row.path === '' ? '(root)' : row.path}`,
        );
      });
    }

    it('reports options.stage and options.tool', () => {
      const err = rejection(() => fn({ a: Number.NaN }, { stage: 'rewrite', tool: 'refund' }));
      expect([err.stage, err.code, err.path, err.tool]).toEqual([
        'rewrite',
        'non_finite_number',
        '/a',
        'refund',
      ]);
      expect(err.message).toBe('tool "refund": rewrite/non_finite_number at /a');
    });
  });
}
