import { describe, expect, it } from 'vitest';
import { createDlp } from './create-dlp.js';
import { patternDetector } from './detectors/patterns.js';
import { DlpError } from './errors.js';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    if (!DlpError.isInstance(e)) throw e;
    expect(e.message).not.toMatch(/4111|sk_live/);
    return e.code;
  }
  return undefined;
}

describe('createDlp: bad options fail at creation with exact codes', () => {
  it.each([
    ['options not an object', 'x', 'invalid_dlp_options'],
    ['detectors not an object', { detectors: 5 }, 'invalid_dlp_options'],
    ['unknown built-in detector', { detectors: { ssn: 'deny' } }, 'unknown_detector'],
    ['unknown action', { detectors: { iban: 'block' } }, 'invalid_action'],
    ['action true', { detectors: { iban: true } }, 'invalid_action'],
    ['object without action', { detectors: { phone: { defaultCountry: 'DE' } } }, 'invalid_action'],
    [
      'phone with a bad country',
      { detectors: { phone: { action: 'deny', defaultCountry: 'XX' } } },
      'invalid_detector_options',
    ],
    [
      'national_id without locales',
      { detectors: { national_id: { action: 'deny' } } },
      'invalid_detector_options',
    ],
    [
      'secret with an unknown rule',
      { detectors: { secret: { action: 'deny', disableRules: ['x'] } } },
      'invalid_detector_options',
    ],
    ['patterns not an array', { patterns: {} }, 'invalid_dlp_options'],
    ['pattern with a bad id', { patterns: [{ id: 'Bad-Id', pattern: /x/ }] }, 'invalid_pattern'],
    ['pattern that is a string', { patterns: [{ id: 'tok', pattern: 'tok_' }] }, 'invalid_pattern'],
    [
      'pattern matching the empty string',
      { patterns: [{ id: 'tok', pattern: /a*/ }] },
      'invalid_pattern',
    ],
    [
      'pattern with a bad action',
      { patterns: [{ id: 'tok', pattern: /tok_/, action: 'log' }] },
      'invalid_action',
    ],
    [
      'pattern reusing a built-in id',
      { patterns: [{ id: 'iban', pattern: /tok_/ }] },
      'invalid_dlp_options',
    ],
    [
      'custom without scan',
      { custom: [{ detector: { id: 'x', kind: 'secret' }, action: 'deny' }] },
      'invalid_detector_options',
    ],
    [
      'custom with a bad kind',
      { custom: [{ detector: { id: 'x', kind: 'pii', scan: () => [] }, action: 'deny' }] },
      'invalid_detector_options',
    ],
    ['exempt not an array', { exempt: {} }, 'invalid_dlp_options'],
    [
      'exempt for an unknown detector',
      { exempt: [{ detectors: ['email'], paths: ['/to'] }] },
      'unknown_detector',
    ],
    [
      'exempt with a bad pointer',
      { exempt: [{ detectors: ['iban'], paths: ['to'] }] },
      'invalid_json_pointer',
    ],
    [
      'exempt with a bad escape',
      { exempt: [{ detectors: ['iban'], paths: ['/a~2'] }] },
      'invalid_json_pointer',
    ],
    [
      'exempt without paths',
      { exempt: [{ detectors: ['iban'], paths: [] }] },
      'invalid_dlp_options',
    ],
    ['short salt', { salt: 'short' }, 'invalid_salt'],
    ['salt of the wrong type', { salt: 42 }, 'invalid_salt'],
    ['maxScanLength 0', { maxScanLength: 0 }, 'invalid_dlp_options'],
    ['maxScanLength fractional', { maxScanLength: 1.5 }, 'invalid_dlp_options'],
    ['tools not strings', { tools: [1] }, 'invalid_dlp_options'],
    ['empty name', { name: '' }, 'invalid_dlp_options'],
    ['onFinding not a function', { onFinding: 'log' }, 'invalid_dlp_options'],
  ])('%s → %s', (_, options, code) => {
    expect(codeOf(() => createDlp(options as never))).toBe(code);
  });

  it('DlpError is an ArgsealConfigError and is recognized across installs', () => {
    let err: unknown;
    try {
      createDlp({ salt: 'x' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DlpError);
    expect(DlpError.isInstance({ code: 'invalid_salt' })).toBe(false);
  });

  it('defaults: secret, card_number and iban deny; email and phone are off', async () => {
    const dlp = createDlp({ salt: 'a'.repeat(16) });
    const found = await dlp.scan({ a: 'ada@example.com +49 30 901820', b: '4111111111111111' });
    expect(found.map((f) => [f.detector, f.action])).toEqual([['card_number', 'deny']]);
  });

  it('a Uint8Array salt is copied: changing it later changes nothing', async () => {
    const salt = new Uint8Array(16).fill(7);
    const dlp = createDlp({ salt });
    const [before] = await dlp.scan({ a: '4111111111111111' });
    salt.fill(9);
    const [after] = await dlp.scan({ a: '4111111111111111' });
    expect(after!.hash).toBe(before!.hash);
  });
});

describe('patternDetector', () => {
  it('finds custom tokens, honours validate, keeps flags', async () => {
    const d = patternDetector(
      { id: 'ticket_token', pattern: /\btt_[a-z0-9]{8}\b/i, validate: (m) => !m.endsWith('0') },
      'p',
    );
    const text = 'TT_ABCD1234 and tt_abcd1230';
    expect((await d.scan(text)).map((m) => text.slice(m.start, m.end))).toEqual(['TT_ABCD1234']);
  });

  it.each([[null], [{ id: 'x', pattern: /x/, validate: 1 }]])(
    'refuses %j (invalid_pattern)',
    (rule) => {
      expect(codeOf(() => patternDetector(rule as never, 'p'))).toBe('invalid_pattern');
    },
  );
});
