import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  canonicalIdentity,
  createMemoryApprovalStore,
  createMemoryAuditLog,
  UnknownOptionError,
} from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { AGENT, errorCode, makeConsole } from './__fixtures__/console-fixture.js';
import { approverGroupLookup } from './approver-groups.js';
import { createConsoleApprovalStore } from './client/approval-store.js';
import { createConsoleServer } from './create-console-server.js';
import { startConsole } from './start-console.js';
import { createTokenRegistry } from './tokens.js';
// the page's own copy of the rule, so its hints agree with the store (plain JS, no types)
// @ts-expect-error the page's modules are untyped browser JavaScript
import { blockedFor, identityOf } from './web/progress.js';

const T1 = 'token-one-0123456789abcdef';
const T2 = 'token-two-0123456789abcdef';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return undefined;
}

describe('console: one person, one identity', () => {
  it('token names that are one identity are refused: ambiguous_token_name', () => {
    for (const [a, b] of [
      ['bob', 'Bob'],
      ['bob', 'BOB'],
      ['Alice', 'alice'],
    ]) {
      expect(codeOf(() => createTokenRegistry({ [a!]: T1, [b!]: T2 }, 'approver'))).toBe(
        'ambiguous_token_name',
      );
      expect(codeOf(() => createTokenRegistry(`${a}:${T1},${b}:${T2}`, 'approver'))).toBe(
        'ambiguous_token_name',
      );
    }
    // one name with two tokens (rotation) stays allowed
    expect(createTokenRegistry(`bob:${T1},bob:${T2}`, 'approver').size).toBe(2);
  });

  it('token names with hidden or look-alike characters are refused: invalid_token_name', () => {
    for (const name of ['bob\u200b', 'bob\u2060', 'bo\u00adb', 'ｂｏｂ', 'bob\u0000', ' bob'])
      expect(codeOf(() => createTokenRegistry({ [name]: T1 }, 'approver'))).toBe(
        'invalid_token_name',
      );
  });

  it('a console refuses to build with bob and Bob as approvers; nothing is stored', async () => {
    const audit = createMemoryAuditLog();
    const store = createMemoryApprovalStore({ audit });
    expect(codeOf(() => createConsoleServer({ store, audit, tokens: `bob:${T1},Bob:${T2}` }))).toBe(
      'ambiguous_token_name',
    );
    expect(await store.listProposals({ status: 'all' })).toEqual([]);
    expect(await audit.records()).toEqual([]);
  });

  it('group membership is compared on the canonical identity', () => {
    const groupsOf = approverGroupLookup({ finance: ['bob'], ops: ['Bob', 'carol'] });
    expect(groupsOf('bob')).toEqual(['finance', 'ops']);
    expect(groupsOf('BOB')).toEqual(['finance', 'ops']);
    expect(groupsOf('carol')).toEqual(['ops']);
    expect(groupsOf('mallory')).toEqual([]);
    expect(codeOf(() => approverGroupLookup({ finance: ['bob\u200b'] }))).toBe('invalid_config');
  });

  it("the page's identity rule agrees with core's for every spelling", () => {
    for (const name of ['Bob', 'BOB', 'bob ', ' bob', 'ｂｏｂ', 'bob\u200b', 'bo\u00adb', 'Straße'])
      expect(identityOf(name)).toBe(canonicalIdentity(name));
    const p = {
      status: 'pending',
      requester: 'alice',
      approvals: { required: 2, excludeRequester: true, received: [{ approver: 'bob', at: '' }] },
    };
    expect(blockedFor(p, 'Bob', []).approve).toContain('already approved');
    expect(blockedFor(p, 'Alice', []).approve).toContain('You requested this call');
    expect(blockedFor(p, 'carol', []).approve).toBe('');
  });
});

describe('console: an agent token on an approver route is 403 forbidden_role', () => {
  it('every approver route, over real HTTP; nothing changes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'argseal-console-role-'));
    const c = await startConsole({
      port: 0,
      dataDir,
      env: {
        ARGSEAL_CONSOLE_TOKENS: `alice:${T1}`,
        ARGSEAL_CONSOLE_AGENT_TOKENS: `bot:${T2}`,
      },
    });
    try {
      const before = JSON.stringify(await c.store.listProposals({ status: 'all' }));
      const routes: [string, string][] = [
        ['GET', '/api/proposals'],
        ['GET', '/api/proposals/p-1'],
        ['POST', '/api/proposals/p-1/decision'],
        ['GET', '/api/audit'],
        ['GET', '/api/pins'],
        ['POST', '/api/pins/x/decision'],
        ['GET', '/api/session'],
        ['POST', '/api/session/logout'],
      ];
      for (const [method, path] of routes) {
        for (const authorization of [`Bearer ${T2}`, `bearer  ${T2} `, `Bearer\t${T2}`]) {
          const res = await fetch(`${c.url}${path}`, {
            method,
            headers: { Authorization: authorization, 'Content-Type': 'application/json' },
            ...(method === 'POST' ? { body: '{"decision":"approve"}' } : {}),
          });
          expect([path, res.status, await errorCode(res)]).toEqual([path, 403, 'forbidden_role']);
        }
      }
      expect(JSON.stringify(await c.store.listProposals({ status: 'all' }))).toBe(before);
    } finally {
      await c.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('in-process app: the agent fixture token is forbidden_role on a decision', async () => {
    const cx = makeConsole();
    const p = await cx.pending();
    const before = await cx.snapshot();
    const res = await cx.request('POST', `/api/proposals/${p.id}/decision`, {
      token: AGENT,
      body: { decision: 'approve', proposalHash: p.proposalHash },
    });
    expect([res.status, await errorCode(res)]).toEqual([403, 'forbidden_role']);
    expect(cx.executed).toEqual([]);
    expect(await cx.snapshot()).toBe(before);
  });
});

describe('console: options objects refuse unknown keys (unknown_option)', () => {
  it('createConsoleServer, startConsole, the webhook and the HTTP client', async () => {
    const audit = createMemoryAuditLog();
    const store = createMemoryApprovalStore({ audit });
    const e = (() => {
      try {
        createConsoleServer({ store, audit, tokens: `alice:${T1}`, approverGroup: {} } as never);
      } catch (error) {
        return error;
      }
    })();
    expect(e).toBeInstanceOf(UnknownOptionError);
    expect(e).toMatchObject({ option: 'approverGroup', suggestion: 'approverGroups' });

    const dataDir = join(mkdtempSync(join(tmpdir(), 'argseal-console-opt-')), 'never');
    await expect(
      startConsole({ port: 0, dataDir, datadir: 'x', env: {} } as never),
    ).rejects.toMatchObject({ code: 'unknown_option', option: 'datadir', suggestion: 'dataDir' });
    await expect(
      startConsole({
        port: 0,
        dataDir,
        env: { ARGSEAL_CONSOLE_TOKENS: `alice:${T1}` },
        webhook: { url: 'https://h.example/x', secret: 's', fromat: 'slack' },
      } as never),
    ).rejects.toMatchObject({ code: 'unknown_option', option: 'fromat', suggestion: 'format' });
    expect(existsSync(dataDir)).toBe(false);

    expect(
      codeOf(() =>
        createConsoleApprovalStore({
          url: 'http://127.0.0.1:1',
          token: T2,
          allowInsecureHTTP: true,
        } as never),
      ),
    ).toBe('unknown_option');
    expect(await store.listProposals({ status: 'all' })).toEqual([]);
  });
});
