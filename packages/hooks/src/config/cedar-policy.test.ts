import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFile, hookInput, runInProcess } from '../__fixtures__/in-process.js';
import { loadConfig } from './load-config.js';

const POLICIES = `@id("reads") permit (principal, action == Action::"Read", resource)
when { context.args has file_path && context.args.file_path like "/work/project/*" };
@id("no-secrets") forbid (principal, action, resource)
when { context.args has file_path && context.args.file_path like "*.env" };
@id("pushes") @approval("leads")
permit (principal, action == Action::"Bash", resource)
when { context.args has command && context.args.command == "git push" && context.server.cwd == "/work/project" };`;

/** A JSON hook config with a `cedar` entry, the Cedar file beside it. */
function cedarConfig(entry: unknown, policies = POLICIES) {
  const file = configFile({ agent: 'unit', default: 'allow', cedar: entry });
  writeFileSync(join(dirname(file.path), 'hook.cedar'), policies);
  return file;
}

const decision = (stdout: string) =>
  (JSON.parse(stdout) as { hookSpecificOutput: Record<string, string> }).hookSpecificOutput;

describe('a cedar entry in the hook config (JSON)', { timeout: 120_000 }, () => {
  it('Cedar permits, forbids and asks for approval through the real hook pipeline', async () => {
    const file = cedarConfig('hook.cedar');
    const read = await runInProcess(
      'claude-code',
      hookInput('Read', { file_path: '/work/project/a.ts' }),
      file,
    );
    expect(decision(read.stdout).permissionDecision).toBe('allow');

    const secret = await runInProcess(
      'claude-code',
      hookInput('Read', { file_path: '/work/project/.env' }),
      file,
    );
    expect(decision(secret.stdout)).toMatchObject({
      permissionDecision: 'deny',
      permissionDecisionReason: expect.stringMatching(
        /^argseal: denied \(cedar_forbid:no-secrets; [0-9a-f]{12}\)$/u,
      ),
    });

    const other = await runInProcess(
      'claude-code',
      hookInput('Write', { file_path: '/tmp/x', content: 'x' }),
      file,
    );
    expect(decision(other.stdout).permissionDecisionReason).toMatch(/cedar_no_permit/u);

    const push = await runInProcess(
      'claude-code',
      hookInput('Bash', { command: 'git push' }),
      file,
    );
    expect(decision(push.stdout).permissionDecision).toBe('deny');
    expect(decision(push.stdout).permissionDecisionReason).toMatch(/approval/u);
    expect(push.stored).toBe(true);
  });

  it.each([
    ['a policy that does not parse', 'hook.cedar', 'permit (', /cedar_syntax_error/u],
    ['a missing file', 'missing.cedar', POLICIES, /a cedar file cannot be read/u],
    ['a malformed entry', { policies: 'hook.cedar', extra: 1 }, POLICIES, /invalid_cedar_options/u],
    [
      'an approval on a forbid',
      'hook.cedar',
      '@approval("x") forbid (principal, action, resource);',
      /cedar_invalid_annotation/u,
    ],
  ])('%s: invalid_config, nothing decided, nothing stored', async (_, entry, policies, message) => {
    const file = cedarConfig(entry, policies);
    const r = await runInProcess(
      'claude-code',
      hookInput('Read', { file_path: '/work/project/a.ts' }),
      file,
    );
    expect(r.stored).toBe(false);
    // exit 2 blocks the call in both hosts; nothing on stdout, so no decision was printed
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'argseal hook: blocked (config/invalid_config at /cedar)\n',
    });
    // the host sees the code and where; the operator's loadConfig error carries Cedar's words
    await expect(loadConfig(file.path, {}, '/')).rejects.toMatchObject({
      code: 'invalid_config',
      path: '/cedar',
      message: expect.stringMatching(message),
    });
  });
});
