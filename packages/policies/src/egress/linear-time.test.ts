import { scalingRatio } from '@argseal/test-kit';
import { describe, expect, it } from 'vitest';
import { policyInput } from '../__fixtures__/policy-input.js';
import { checkEgress, compileEgressOptions, DEFAULT_MAX_URL_LENGTH } from './check-egress.js';
import { egressPolicy } from './egress-policy.js';

// Lifted only for these measurements: the default refuses such URLs before parsing.
const big = compileEgressOptions({ maxUrlLength: 1 << 22 });

/** Inputs that made a regex backtrack (quadratic): runs of spaces, C0 controls and dots. */
const SHAPES: [string, (n: number) => string][] = [
  ['spaces inside the path', (n) => `https://example.com/${' '.repeat(n)}x`],
  ['C0 controls inside the path', (n) => `https://example.com/${'\u0001'.repeat(n)}x`],
  ['dots inside the host', (n) => `https://example${'.'.repeat(n)}x.com/`],
  ['trailing dots on the host', (n) => `https://example.com${'.'.repeat(n)}/`],
  ['leading and trailing spaces', (n) => `${' '.repeat(n)}https://example.com/${' '.repeat(n)}`],
  ['tabs and newlines', (n) => `https://exa${'\t\n'.repeat(n)}mple.com/`],
];

describe('checkEgress runs in linear time', () => {
  it.each(SHAPES)('%s: 4x the input takes well under 16x the time', async (_name, make) => {
    const ratio = await scalingRatio(make, (url) => checkEgress(url, big), { size: 20_000 });
    // linear is about 4; the quadratic trim and trailing-dot regexes measured about 16
    expect(ratio).toBeLessThan(9);
  });
});

describe('URL length limit', () => {
  it('refuses a URL over the default limit with egress_url_too_long, before parsing', async () => {
    const url = `https://example.com/${'a'.repeat(DEFAULT_MAX_URL_LENGTH)}`;
    await expect(checkEgress(url)).resolves.toEqual({
      allowed: false,
      reason: 'egress_url_too_long',
    });
    let resolved = 0;
    const r = await checkEgress(url, {
      resolve: async () => {
        resolved++;
        return ['93.184.216.34'];
      },
    });
    expect(r.reason).toBe('egress_url_too_long');
    expect(resolved).toBe(0); // nothing else ran
  });

  it('accepts a URL at exactly the limit and honours maxUrlLength', async () => {
    const head = 'https://example.com/';
    const exact = head + 'a'.repeat(DEFAULT_MAX_URL_LENGTH - head.length);
    expect((await checkEgress(exact)).reason).toBe('egress_allowed');
    expect((await checkEgress(exact, { maxUrlLength: 100 })).reason).toBe('egress_url_too_long');
  });

  it('rejects a malformed maxUrlLength when the options are compiled', () => {
    for (const maxUrlLength of [0, -1, 1.5, Number.NaN, '10' as unknown as number]) {
      expect(() => compileEgressOptions({ maxUrlLength })).toThrow(
        expect.objectContaining({ code: 'invalid_policy_options' }),
      );
    }
  });

  it('egressPolicy denies a 1 MiB URL argument with egress_url_too_long', async () => {
    const policy = egressPolicy({ paths: ['/url'] });
    const url = `https://example.com/${' '.repeat(1 << 20)}x`;
    const decision = await policy(policyInput({ url }));
    expect(decision).toMatchObject({ type: 'deny', reason: 'egress_url_too_long' });
    expect(JSON.stringify(decision)).not.toContain('example.com');
  });
});
