import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GITHUB_TOKEN, SALT, STRIPE_KEY } from '../__fixtures__/values.js';
import { createDlp } from '../create-dlp.js';

const dlp = createDlp({ salt: SALT, detectors: { secret: 'redact' } });
const rewrite = (value: Record<string, unknown>) =>
  dlp.rewrite({
    agent: 'a',
    tool: 't',
    toolCallId: 'c',
    arguments: value as never,
    context: undefined,
  });

/** Generous: a property runs a hundred scans, and CI machines are shared. */
const PROPERTY_TIMEOUT = 60_000;

describe('secrets split across sibling fields (property)', () => {
  it(
    'are found at their container wherever they are cut, and redaction removes every part',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(GITHUB_TOKEN, STRIPE_KEY),
          fc.uniqueArray(fc.integer({ min: 1, max: 31 }), { minLength: 1, maxLength: 3 }),
          fc.boolean(),
          async (secret, cuts, asArray) => {
            const points = [
              0,
              ...cuts.filter((c) => c < secret.length).sort((a, b) => a - b),
              secret.length,
            ];
            const parts = points.slice(1).map((end, i) => secret.slice(points[i], end));
            const container = asArray
              ? parts
              : Object.fromEntries(parts.map((p, i) => [`p${i}`, p]));
            const value = { note: 'see below', auth: container };
            const findings = await dlp.scan(value);
            expect(findings.map((f) => f.pointer)).toEqual(['/auth']);
            expect(findings[0]!.location).toBe('split');
            const out = await rewrite(value);
            expect(JSON.stringify(out)).not.toContain(secret.slice(8, 20));
            expect(await dlp.scan(out as never)).toEqual([]);
          },
        ),
        { numRuns: 60 },
      );
    },
    PROPERTY_TIMEOUT,
  );
});
