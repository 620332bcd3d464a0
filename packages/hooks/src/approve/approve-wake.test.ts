import { type ApprovalStore, type DecisionNotice, wakeOnDecide } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { configFile, hookInput, runInProcess } from '../__fixtures__/in-process.js';
import { validateConfig } from '../config/validate-config.js';
import { approveProposal, listPendingProposals, type WakeTarget } from './approve.js';

const RULES = [{ tool: 'Bash', decision: 'require_approval', reason: 'ask' }];
const where = { env: { WAKE_DB: 'postgres://db.example/wf' }, cwd: '/' };

async function pendingCall(wake: object) {
  const file = configFile({ rules: RULES, wake });
  await runInProcess('codex', hookInput('Bash', { command: 'make' }), file);
  const [pending] = await listPendingProposals(file.path, where);
  if (!pending) throw new Error('no pending proposal');
  return { file, pending };
}

describe('approveProposal with a wake entry', () => {
  it('opens the engine first, decides through the waking store, then closes it', async () => {
    const { file, pending } = await pendingCall({ engine: 'dbos', urlEnv: 'WAKE_DB' });
    const targets: WakeTarget[] = [];
    const notified: [string, DecisionNotice][] = [];
    let closed = 0;
    const { grant } = await approveProposal(
      { id: pending.id, approver: 'ann', configPath: file.path },
      where,
      {
        openWake: async (target) => {
          targets.push(target);
          return {
            wrap: (store) =>
              wakeOnDecide(store, {
                waitsFor: async (hash) => (hash === pending.proposalHash ? ['wf-1'] : []),
                notify: async (waiter, notice) => {
                  expect(closed).toBe(0);
                  notified.push([waiter, notice]);
                },
              }),
            close: async () => {
              closed++;
            },
          };
        },
      },
    );
    expect(grant.decision).toBe('approve');
    expect(targets).toEqual([{ engine: 'dbos', url: 'postgres://db.example/wf' }]);
    expect(notified).toEqual([
      ['wf-1', { proposalHash: pending.proposalHash, decision: 'approve' }],
    ]);
    expect(closed).toBe(1);
    expect(await listPendingProposals(file.path, where)).toEqual([]);
  });

  it('a workflow entry passes its base URL', async () => {
    const { file, pending } = await pendingCall({
      engine: 'workflow',
      url: 'postgres://db.example/world',
      baseUrl: 'http://127.0.0.1:3000',
    });
    const targets: WakeTarget[] = [];
    await approveProposal({ id: pending.id, reject: true, configPath: file.path }, where, {
      openWake: async (target) => {
        targets.push(target);
        return { wrap: (store) => store, close: async () => {} };
      },
    });
    expect(targets).toEqual([
      { engine: 'workflow', url: 'postgres://db.example/world', baseUrl: 'http://127.0.0.1:3000' },
    ]);
  });

  it('without an opener, or when the engine cannot be opened, nothing is decided', async () => {
    const { file, pending } = await pendingCall({ engine: 'dbos', urlEnv: 'WAKE_DB' });
    await expect(
      approveProposal({ id: pending.id, configPath: file.path }, where),
    ).rejects.toMatchObject({ name: 'HookError', code: 'invalid_config', path: '/wake' });
    await expect(
      approveProposal({ id: pending.id, configPath: file.path }, where, {
        openWake: async () => {
          throw new Error('engine down');
        },
      }),
    ).rejects.toThrow('engine down');
    await expect(
      approveProposal({ id: pending.id, configPath: file.path }, where, {
        openWake: async () => ({ wrap: (s: ApprovalStore) => s, close: async () => {} }),
        retries: 1,
      } as never),
    ).rejects.toMatchObject({ code: 'unknown_option', option: 'retries' });
    // no URL: neither url nor the variable it names
    const noUrl = configFile({ rules: RULES, wake: { engine: 'dbos', urlEnv: 'UNSET_VAR' } });
    await expect(
      approveProposal({ id: pending.id, configPath: noUrl.path }, where, {
        openWake: async () => ({ wrap: (s) => s, close: async () => {} }),
      }),
    ).rejects.toMatchObject({ code: 'invalid_config', path: '/wake/url' });
    expect((await listPendingProposals(file.path, where)).map((p) => p.id)).toEqual([pending.id]);
  });

  it.each([
    [{ engine: 'temporal' }, '/wake/engine'],
    [{ engine: 'dbos', url: '' }, '/wake/url'],
    [{ engine: 'dbos', baseUrl: 'http://x' }, '/wake/baseUrl'],
    [{ engine: 'dbos', systemDatabaseUrl: 'x' }, '/wake/systemDatabaseUrl'],
    [{ engine: 'workflow', url: 'postgres://x' }, '/wake/baseUrl'],
    [{ engine: 'workflow', baseUrl: 'file:///etc' }, '/wake/baseUrl'],
    ['dbos', '/wake'],
  ])('a wake entry %j is invalid_config at %s', (wake, path) => {
    let error: unknown;
    try {
      validateConfig({ wake }, false);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ name: 'HookError', code: 'invalid_config', path });
  });
});
