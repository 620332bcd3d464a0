import { describe, expect, it } from 'vitest';
import { PHONE_NEAR_MISSES, PHONE_POSITIVES } from '../__fixtures__/corpus.js';
import { checkCorpus } from '../__fixtures__/corpus-check.js';
import { DlpError } from '../errors.js';
import { phoneDetector } from './phone.js';

checkCorpus('phone', phoneDetector(), PHONE_POSITIVES, PHONE_NEAR_MISSES);

describe('phone options', () => {
  it('with a default country, national numbers are found', async () => {
    const text = 'call 030 901820';
    const found = await phoneDetector({ defaultCountry: 'DE' }).scan(text);
    expect(found.map((m) => text.slice(m.start, m.end))).toEqual(['030 901820']);
  });

  it.each([['ZZ'], ['de'], [42]])('refuses defaultCountry %j (invalid_detector_options)', (c) => {
    const err = (() => {
      try {
        phoneDetector({ defaultCountry: c as string });
      } catch (e) {
        return e;
      }
    })();
    expect(DlpError.isInstance(err) && err.code).toBe('invalid_detector_options');
  });
});
