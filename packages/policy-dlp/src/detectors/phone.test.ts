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

  it('a list of numbers is several numbers; digit soup is not a phone number', async () => {
    const d = phoneDetector({ defaultCountry: 'DE' });
    const list = '030 901820 / 030 901821, +49 30 901822';
    expect((await d.scan(list)).map((m) => list.slice(m.start, m.end))).toEqual([
      '030 901820',
      '030 901821',
      '+49 30 901822',
    ]);
    expect(await d.scan(`${'1 '.repeat(40)}030 901820`)).toEqual([]);
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
