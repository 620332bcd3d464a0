import { describe, expect, it } from 'vitest';
import { NATIONAL_ID_NEAR_MISSES, NATIONAL_ID_POSITIVES } from '../__fixtures__/corpus.js';
import { checkCorpus } from '../__fixtures__/corpus-check.js';
import { DlpError } from '../errors.js';
import { nationalIdDetector } from './national-id.js';

checkCorpus(
  'national_id (ES)',
  nationalIdDetector({ locales: ['ES'] }),
  NATIONAL_ID_POSITIVES,
  NATIONAL_ID_NEAR_MISSES,
);

describe('national_id options', () => {
  it.each([[undefined], [[]], [['XX']], [['US']]])(
    'refuses locales %j (invalid_detector_options)',
    (locales) => {
      let err: unknown;
      try {
        nationalIdDetector({ locales } as never);
      } catch (e) {
        err = e;
      }
      expect(DlpError.isInstance(err) && err.code).toBe('invalid_detector_options');
    },
  );
});
