import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configFile, hookInput, runInProcess } from '../__fixtures__/in-process.js';
import { approveProposal, listPendingProposals } from './approve.js';

const CONFIG = { rules: [{ tool: 'Bash', decision: 'require_approval', reason: 'ask' }] };
const where = { env: {}, cwd: '/' };

describe('approveProposal', () => {
  it('an unknown id is proposal_not_found, and nothing is granted', async () => {
    const file = configFile(CONFIG);
    await expect(
      approveProposal({ id: 'nope', configPath: file.path }, where),
    ).rejects.toMatchObject({
      name: 'HookError',
      code: 'proposal_not_found',
    });
    expect(await listPendingProposals(file.path, where)).toEqual([]);
  });

  it('a missing config is config_not_found before any store is opened', async () => {
    await expect(
      approveProposal({ id: 'x', configPath: '/nonexistent/hook.json' }, where),
    ).rejects.toMatchObject({
      code: 'config_not_found',
      message: expect.stringContaining('looked for /nonexistent/hook.json'),
    });
    expect(existsSync('/nonexistent')).toBe(false);
  });

  it('deciding twice is refused by the store; a rejected call stays blocked', async () => {
    const file = configFile(CONFIG);
    await runInProcess('codex', hookInput('Bash', { command: 'make' }), file);
    const [pending] = await listPendingProposals(file.path, where);
    const id = pending?.id as string;
    const { grant } = await approveProposal(
      { id, reject: true, approver: 'r', configPath: file.path },
      where,
    );
    expect(grant.decision).toBe('reject');
    await expect(approveProposal({ id, configPath: file.path }, where)).rejects.toMatchObject({
      name: 'ApprovalError',
    });
    const again = await runInProcess('codex', hookInput('Bash', { command: 'make' }), file);
    expect(JSON.parse(again.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
  });
});
