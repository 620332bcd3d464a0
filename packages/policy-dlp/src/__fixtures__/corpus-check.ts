import { describe, expect, it } from 'vitest';
import type { Detector } from '../types.js';
import type { CorpusCase } from './corpus.js';

/** Every positive is found exactly at its `match`; no near miss is found at all. */
export function checkCorpus(
  name: string,
  detector: Detector,
  positives: readonly CorpusCase[],
  misses: readonly CorpusCase[],
): void {
  describe(`${name} corpus`, () => {
    it.each(positives.map((c) => [c.name, c] as const))('finds %s', async (_, c) => {
      const matches = await detector.scan(c.text);
      expect(matches.map((m) => c.text.slice(m.start, m.end))).toEqual([c.match]);
    });
    it.each(misses.map((c) => [c.name, c] as const))('does not report %s', async (_, c) => {
      expect(await detector.scan(c.text)).toEqual([]);
    });
  });
}
