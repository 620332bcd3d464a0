import { describe, expect, it } from 'vitest';
import { globMatches } from './glob-match.js';

describe('globMatches (bash pathname patterns)', () => {
  it('matches ?, *, bracket sets, ranges and negation; escapes are literal', () => {
    const yes: [string, string][] = [
      ['r?', 'rm'],
      ['r[m]', 'rm'],
      ['r[a-z]', 'rm'],
      ['r[!x]', 'rm'],
      ['r[^x]', 'rm'],
      ['*', 'rm'],
      ['r*', 'rm'],
      ['*m', 'rm'],
      ['*r*m*', 'rm'],
      ['[]r]m', 'rm'],
      ['rm', 'rm'],
      ['[rm', '[rm'],
    ];
    const no: [string, string][] = [
      ['r\\?', 'rm'],
      ['r[x]', 'rm'],
      ['r[!m]', 'rm'],
      ['r', 'rm'],
      ['r?m', 'rm'],
      ['\\*', 'rm'],
      ['x*', 'rm'],
    ];
    for (const [p, n] of yes) expect(globMatches(p, n), `${p} ${n}`).toBe(true);
    for (const [p, n] of no) expect(globMatches(p, n), `${p} ${n}`).toBe(false);
  });

  it('agrees with bash on the command names it is asked about', async () => {
    const { execFileSync } = await import('node:child_process');
    const patterns = ['r?', 'r[m]', 'r[!x]', '*m', 'r\\?', 'r[x]', '[a-r]m', 'r*m*', 'r[]m'];
    for (const p of patterns) {
      const bash = execFileSync('bash', ['-c', `[[ rm == ${p} ]] && echo yes || echo no`], {
        encoding: 'utf8',
      }).trim();
      expect(globMatches(p, 'rm') ? 'yes' : 'no', p).toBe(bash);
    }
  });

  it('stays bounded on long patterns', () => {
    expect(globMatches(`${'*a'.repeat(2000)}b`, 'a'.repeat(60))).toBe(true);
    expect(globMatches(`${'*a'.repeat(100)}b`, 'a'.repeat(60))).toBe(false);
  });
});
