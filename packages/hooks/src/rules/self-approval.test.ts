import type { JsonValue, ToolPolicyInput } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { buildPolicy } from '../config/build-policy.js';
import type { HookContext } from '../host/hook-input.js';
import { isSelfApproval } from './self-approval.js';

const input = (tool: string, args: JsonValue) =>
  ({
    agent: 'unit',
    tool,
    toolCallId: 'toolu_1',
    rawArguments: JSON.stringify(args),
    requestedArguments: args,
    parsedArguments: args,
    argsCanonicalJson: JSON.stringify(args),
    proposalHash: 'a'.repeat(64),
    context: {},
  }) as unknown as ToolPolicyInput<HookContext>;

describe('the self-approval guard', () => {
  it('finds `argseal approve` in any spelling a shell runs it', () => {
    for (const c of [
      'argseal approve 0f3c',
      '/usr/local/bin/argseal approve 0f3c --approver me',
      'npx argseal approve 0f3c',
      'npx -y argseal approve 0f3c',
      'pnpm exec argseal approve 0f3c',
      'yarn dlx argseal approve 0f3c',
      'ls && argseal approve 0f3c',
      'sudo argseal approve 0f3c',
      'echo ok; argseal approve 0f3c | cat',
    ]) {
      expect(isSelfApproval(c), c).toBe(true);
    }
    for (const c of ['argseal audit verify', 'ls approve', 'echo argseal approve', 'git status']) {
      expect(isSelfApproval(c), c).toBe(false);
    }
  });

  it('denies it even when the config allows every Bash command and no preset is on', async () => {
    const policy = buildPolicy({ agent: 'unit', rules: [{ tool: 'Bash', decision: 'allow' }] });
    expect(await policy(input('Bash', { command: 'npx argseal approve 0f3c' }))).toMatchObject({
      type: 'deny',
      reason: 'bash_self_approval',
    });
    // Codex may send the command as an argv list
    expect(await policy(input('Bash', { command: ['argseal', 'approve', '0f3c'] }))).toMatchObject({
      type: 'deny',
      reason: 'bash_self_approval',
    });
    expect(await policy(input('Bash', { command: 'ls' }))).toMatchObject({ type: 'allow' });
  });
});
