import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configFile, hookInput, runInProcess } from '../__fixtures__/in-process.js';
import { findShadowedRules } from './shadowed-rules.js';
import type { HookRule } from './types.js';

// the README's example before the fix: the allow list names git before git push asks
const OLD_README: HookRule[] = [
  { tool: ['Read', 'Glob', 'Grep'], decision: 'allow' },
  { tool: 'Bash', onlyCommands: ['ls', 'cat', 'git', 'pnpm', 'node'], decision: 'allow' },
  {
    tool: 'Bash',
    command: ['git push', 'npm publish'],
    decision: 'require_approval',
    reason: 'publishes',
  },
  { tool: ['Write', 'Edit', 'MultiEdit', 'apply_patch'], decision: 'allow' },
];

describe('findShadowedRules', () => {
  it("finds the old README example's git push rule, shadowed by the allow list", () => {
    expect(findShadowedRules(OLD_README)).toEqual([
      { rule: 2, by: 1, tool: 'Bash', command: 'git push' },
    ]);
    // in the fixed order nothing is shadowed
    const fixed = [OLD_README[0], OLD_README[2], OLD_README[1], OLD_README[3]] as HookRule[];
    expect(findShadowedRules(fixed)).toEqual([]);
  });

  it("the README's example config shadows nothing, and asks before git push", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const start = readme.indexOf('```json\n{\n  "agent": "alice-laptop"');
    expect(start).toBeGreaterThan(0);
    const json = readme.slice(start + 8, readme.indexOf('```', start + 8));
    const rules = JSON.parse(json).rules as HookRule[];
    expect(findShadowedRules(rules)).toEqual([]);
    const push = rules.findIndex((r) => r.command?.includes('git push'));
    const allowGit = rules.findIndex((r) => r.onlyCommands?.includes('git'));
    expect(push).toBeGreaterThanOrEqual(0);
    expect(push).toBeLessThan(allowGit);
  });

  it('whole-tool rules, globs, command patterns and onlyCommands', () => {
    expect(
      findShadowedRules([
        { tool: '*', decision: 'deny' },
        { tool: 'Bash', command: 'ls', decision: 'allow' },
      ]),
    ).toEqual([{ rule: 1, by: 0, tool: 'Bash', command: 'ls' }]);
    expect(
      findShadowedRules([
        { tool: 'mcp__github__*', decision: 'require_approval' },
        { tool: 'mcp__github__create_issue', decision: 'allow' },
        { tool: 'mcp__gitlab__x', decision: 'allow' },
      ]),
    ).toEqual([{ rule: 1, by: 0, tool: 'mcp__github__create_issue', command: undefined }]);
    expect(
      findShadowedRules([
        { tool: 'Bash', command: 'rm', decision: 'require_approval' },
        { tool: 'Bash', command: 'rm -rf', decision: 'deny' },
        { tool: 'Bash', onlyCommands: ['rm', 'ls'], decision: 'allow' },
      ]),
    ).toEqual([
      { rule: 1, by: 0, tool: 'Bash', command: 'rm -rf' },
      { rule: 2, by: 0, tool: 'Bash', command: 'rm' },
    ]);
    // specific before general is the intended order: no warning
    expect(
      findShadowedRules([
        { tool: 'Bash', command: 'git push', decision: 'require_approval' },
        { tool: 'Bash', onlyCommands: ['git'], decision: 'allow' },
        { tool: 'Bash', decision: 'deny' },
        { tool: 'Read', decision: 'allow' },
      ]),
    ).toEqual([]);
  });
});

describe('argseal hook warns about a shadowed rule when it loads the config', () => {
  it('one warning line naming both rules; the call is still decided (exit 0)', async () => {
    const file = configFile({ rules: OLD_README });
    const r = await runInProcess('codex', hookInput('Read', { file_path: '/x' }), file);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision).toBe('allow');
    expect(r.stderr).toBe(
      'argseal hook: warning (config/shadowed_rule at /rules/2): rules[2] (require_approval) is never reached for Bash "git push": rules[1] (allow) matches it first\n',
    );
  });

  it('with the README fixed, git push origin main needs approval and nothing is warned', async () => {
    const fixed = [OLD_README[0], OLD_README[2], OLD_README[1], OLD_README[3]];
    const file = configFile({ rules: fixed });
    const r = await runInProcess(
      'codex',
      hookInput('Bash', { command: 'git push origin main' }),
      file,
    );
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout).hookSpecificOutput;
    expect(out.permissionDecision).toBe('deny');
    expect(out.permissionDecisionReason).toContain('approval required (publishes)');
  });
});
