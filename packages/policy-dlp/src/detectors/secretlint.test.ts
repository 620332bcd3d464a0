import { describe, expect, it } from 'vitest';
import { SECRET_NEAR_MISSES, SECRET_POSITIVES } from '../__fixtures__/corpus.js';
import { checkCorpus } from '../__fixtures__/corpus-check.js';
import { DlpError } from '../errors.js';
import { secretlintDetector } from './secretlint.js';

checkCorpus(
  'secret (secretlint recommended)',
  secretlintDetector(),
  SECRET_POSITIVES,
  SECRET_NEAR_MISSES,
);

const ghp = `ghp_${'A1b2C3d4E5'.repeat(3)}A1b2C3`;

describe('secret detector', () => {
  it('names the preset rule, never the value', async () => {
    const [m] = await secretlintDetector().scan(`x ${ghp}`);
    expect(m).toEqual({ start: 2, end: 2 + ghp.length, rule: 'github' });
  });

  it('model text cannot switch detection off with secretlint-disable comments', async () => {
    const texts = [
      `// secretlint-disable\n${ghp}\n// secretlint-enable`,
      `${ghp} // secretlint-disable-line`,
      `# secretlint-disable-next-line\n${ghp}`,
    ];
    for (const text of texts) expect(await secretlintDetector().scan(text)).toHaveLength(1);
  });

  it('leaves no performance marks behind (secretlint profiler off)', async () => {
    performance.clearMarks();
    const d = secretlintDetector();
    for (let i = 0; i < 3; i++) await d.scan(`x ${ghp}`);
    expect(performance.getEntriesByType('mark')).toEqual([]);
  });

  it('disableRules switches a preset rule off', async () => {
    expect(await secretlintDetector({ disableRules: ['github'] }).scan(ghp)).toEqual([]);
  });

  it('ruleOptions reach the rule: AWS access key ids on request', async () => {
    const id = `AKIA${'ZZZZ2345ZZZZ6789'}`;
    expect(await secretlintDetector().scan(id)).toEqual([]);
    const found = await secretlintDetector({
      ruleOptions: { aws: { enableIDScanRule: true } },
    }).scan(id);
    expect(found).toEqual([{ start: 0, end: id.length, rule: 'aws' }]);
  });

  it.each([
    [{ disableRules: 'github' }],
    [{ disableRules: [''] }],
    [{ ruleOptions: null }],
    [{ ruleOptions: { nope: {} } }],
    [{ disableRules: ['nope'] }],
    [{ ruleOptions: { aws: true } }],
  ])('refuses %j (invalid_detector_options)', (options) => {
    let err: unknown;
    try {
      secretlintDetector(options as never);
    } catch (e) {
      err = e;
    }
    expect(DlpError.isInstance(err) && err.code).toBe('invalid_detector_options');
  });
});
