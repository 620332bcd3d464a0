import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryApprovalStore, createMemoryAuditLog } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { createConsoleServer } from './create-console-server.js';
import { resolveConsoleTokens } from './token-config.js';
import { createTokenRegistry } from './tokens.js';

const T1 = 'token-one-0123456789abcdef';
const T2 = 'token-two-0123456789abcdef';

describe('token lists', () => {
  it('parses name:token pairs, a record, or a list; looks tokens up by digest', () => {
    for (const input of [
      ` alice:${T1} , bob:${T2} `,
      { alice: T1, bob: T2 },
      [
        { name: 'alice', token: T1 },
        { name: 'bob', token: T2 },
      ],
    ]) {
      const reg = createTokenRegistry(input, 'approver');
      expect(reg.size).toBe(2);
      expect(reg.lookup(T1)).toBe('alice');
      expect(reg.lookup(T2)).toBe('bob');
      expect(reg.lookup(`${T1}x`)).toBeUndefined();
      expect(reg.lookup('')).toBeUndefined();
    }
    expect(createTokenRegistry('', 'approver').size).toBe(0);
    expect(createTokenRegistry(undefined, 'agent').size).toBe(0);
  });

  it('refuses weak, malformed and duplicate tokens with exact codes', () => {
    const cases: [unknown, string][] = [
      ['alice', 'invalid_token_entry'],
      [`:${T1}`, 'invalid_token_entry'],
      ['alice:short', 'weak_token'],
      ['alice:', 'weak_token'],
      [{ alice: 'x'.repeat(15) }, 'weak_token'],
      [{ alice: `${'x'.repeat(20)} y` }, 'weak_token'],
      [{ 'al ice': T1 }, 'invalid_token_name'],
      [{ '<b>': T1 }, 'invalid_token_name'],
      [`alice:${T1},bob:${T1}`, 'duplicate_token'],
      [42, 'invalid_token_entry'],
    ];
    for (const [input, code] of cases) {
      expect(() => createTokenRegistry(input as never, 'approver'), code).toThrow(
        expect.objectContaining({ code }),
      );
    }
  });

  it('createConsoleServer refuses no approver token and a token shared by both roles', () => {
    const audit = createMemoryAuditLog();
    const store = createMemoryApprovalStore({ audit });
    expect(() => createConsoleServer({ store, audit, tokens: '' })).toThrow(
      expect.objectContaining({ code: 'no_approver_tokens' }),
    );
    expect(() => createConsoleServer({ store, audit, tokens: {} })).toThrow(
      expect.objectContaining({ code: 'no_approver_tokens' }),
    );
    expect(() =>
      createConsoleServer({ store, audit, tokens: { alice: T1 }, agentTokens: { bot: T1 } }),
    ).toThrow(expect.objectContaining({ code: 'duplicate_token' }));
    expect(() =>
      createConsoleServer({ store: undefined as never, audit, tokens: { alice: T1 } }),
    ).toThrow(expect.objectContaining({ code: 'invalid_options' }));
  });
});

describe('token sources', () => {
  const dir = mkdtempSync(join(tmpdir(), 'argseal-console-config-'));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('options win over env, env over the config file', async () => {
    const config = file(
      'c.json',
      JSON.stringify({ approvers: { carol: T1 }, agents: { bot: T2 } }),
    );
    expect(await resolveConsoleTokens({ configFile: config, env: {} })).toEqual({
      tokens: { carol: T1 },
      agentTokens: { bot: T2 },
      source: 'config',
    });
    const env = { ARGSEAL_CONSOLE_TOKENS: `alice:${T1}`, ARGSEAL_CONSOLE_CONFIG: config };
    expect(await resolveConsoleTokens({ env })).toMatchObject({
      tokens: `alice:${T1}`,
      agentTokens: { bot: T2 },
      source: 'env',
    });
    expect(await resolveConsoleTokens({ env, tokens: { dave: T2 } })).toMatchObject({
      tokens: { dave: T2 },
      source: 'option',
    });
    expect(await resolveConsoleTokens({ env: { ARGSEAL_CONSOLE_TOKENS: '  ' } })).toEqual({
      tokens: undefined,
      agentTokens: undefined,
      source: 'none',
    });
  });

  it('reads four-eyes groups from the config file', async () => {
    const groups = { finance: ['alice', 'bob'] };
    const config = file('g.json', JSON.stringify({ approvers: { alice: T1 }, groups }));
    expect(await resolveConsoleTokens({ configFile: config, env: {} })).toMatchObject({ groups });
  });

  it('refuses unreadable and malformed config files', async () => {
    const cases: [string, string][] = [
      [join(dir, 'missing.json'), 'config_unreadable'],
      [file('bad.json', '{"approvers":'), 'invalid_config'],
      [file('dup.json', '{"approvers":{},"approvers":{}}'), 'invalid_config'],
      [file('arr.json', '[]'), 'invalid_config'],
      [file('extra.json', '{"approvers":{},"admins":{}}'), 'invalid_config'],
      [file('shape.json', '{"approvers":["alice"]}'), 'invalid_config'],
      [file('groups.json', '{"approvers":{},"groups":["finance"]}'), 'invalid_config'],
      [file('members.json', '{"approvers":{},"groups":{"finance":"alice"}}'), 'invalid_config'],
      [file('member.json', '{"approvers":{},"groups":{"finance":["al ice"]}}'), 'invalid_config'],
      [file('gname.json', '{"approvers":{},"groups":{"":["alice"]}}'), 'invalid_config'],
    ];
    for (const [path, code] of cases) {
      await expect(resolveConsoleTokens({ configFile: path, env: {} }), code).rejects.toMatchObject(
        { code },
      );
    }
  });
});
