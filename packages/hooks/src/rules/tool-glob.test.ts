import { describe, expect, it } from 'vitest';
import { matchesToolGlob } from './tool-glob.js';

describe('matchesToolGlob', () => {
  it('matches literal names and * runs', () => {
    expect(matchesToolGlob('Bash', 'Bash')).toBe(true);
    expect(matchesToolGlob('Bash', 'BashX')).toBe(false);
    expect(matchesToolGlob('*', 'anything')).toBe(true);
    expect(matchesToolGlob('mcp__github__*', 'mcp__github__create_issue')).toBe(true);
    expect(matchesToolGlob('mcp__*__delete*', 'mcp__fs__delete_file')).toBe(true);
    expect(matchesToolGlob('mcp__*__delete*', 'mcp__fs__read')).toBe(false);
    expect(matchesToolGlob('a*a', 'a')).toBe(false);
    expect(matchesToolGlob(`${'*a'.repeat(30)}b`, 'a'.repeat(100_000))).toBe(false);
  });
});
