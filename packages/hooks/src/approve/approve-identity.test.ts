import { describe, expect, it } from 'vitest';
import { configFile, hookInput, runInProcess } from '../__fixtures__/in-process.js';
import { approveProposal, listPendingProposals } from './approve.js';

const CONFIG = { rules: [{ tool: 'Bash', decision: 'require_approval', reason: 'ask' }] };
const where = { env: {}, cwd: '/' };

describe('approveProposal: setup and identity refusals', () => {
  it('an unknown request key is unknown_option before any config or store is read', async () => {
    await expect(
      approveProposal(
        { id: 'x', configPath: '/nonexistent/hook.json', aprover: 'a' } as never,
        where,
      ),
    ).rejects.toMatchObject({ code: 'unknown_option', option: 'aprover', suggestion: 'approver' });
  });

  it('an approver name with a hidden character is invalid_approver; the call stays pending', async () => {
    const file = configFile(CONFIG);
    await runInProcess('codex', hookInput('Bash', { command: 'make' }), file);
    const [pending] = await listPendingProposals(file.path, where);
    await expect(
      approveProposal(
        { id: pending?.id as string, approver: 'bob\u200b', configPath: file.path },
        where,
      ),
    ).rejects.toMatchObject({ code: 'invalid_approver' });
    const after = await listPendingProposals(file.path, where);
    expect(after.map((p) => [p.id, p.status])).toEqual([[pending?.id, 'pending']]);
  });
});
