import { describe, expect, it } from 'vitest';
import { configFile, hookInput, runInProcess } from '../__fixtures__/in-process.js';

const CONFIG = {
  agent: 'unit',
  presets: { bash: true },
  rules: [{ tool: 'Bash', onlyCommands: ['ls'], decision: 'allow' }],
};

const blocked = (what: string) => ({
  code: 2,
  stdout: '',
  stderr: `argseal hook: blocked (${what})\n`,
  stored: false,
});

describe('runHook: bad input blocks with one line, exit 2, nothing stored', () => {
  const cases: [string, string | Uint8Array, string][] = [
    ['empty input', '', 'decode/invalid_json at (root)'],
    ['invalid JSON', '{"tool_name":', 'decode/invalid_json at /tool_name'],
    [
      'duplicate key in tool_input',
      hookInput('Bash', { command: 'ls' }).replace(
        '"command":"ls"',
        '"command":"ls","command":"rm -rf /"',
      ),
      'decode/duplicate_key at /tool_input/command',
    ],
    [
      'unsafe integer',
      hookInput('Bash', { command: 'ls' }).replace(
        '"command":"ls"',
        '"command":"ls","n":12345678901234567890',
      ),
      'decode/unsafe_integer at /tool_input/n',
    ],
    [
      'lone surrogate',
      hookInput('Bash', { command: 'ls' }).replace('"ls"', '"\\ud800"'),
      'decode/lone_surrogate at /tool_input/command',
    ],
    [
      'trailing data',
      `${hookInput('Bash', { command: 'ls' })} {}`,
      'decode/trailing_data at (root)',
    ],
    ['not UTF-8', new Uint8Array([0x7b, 0xff, 0x7d]), 'input/input_not_utf8'],
    ['an array', '[]', 'input/invalid_hook_input at (root)'],
    [
      'another event',
      hookInput('Bash', {}, { hook_event_name: 'UserPromptSubmit' }),
      'input/unsupported_event at /hook_event_name',
    ],
    ['no tool name', hookInput('', {}), 'input/invalid_hook_input at /tool_name'],
    [
      'tool_input not an object',
      hookInput('Bash', ['ls']),
      'input/invalid_hook_input at /tool_input',
    ],
    [
      'no tool_use_id',
      hookInput('Bash', {}, { tool_use_id: 7 }),
      'input/invalid_hook_input at /tool_use_id',
    ],
    ['no cwd', hookInput('Bash', {}, { cwd: null }), 'input/invalid_hook_input at /cwd'],
    [
      'mcp_server not an object',
      hookInput('mcp__a__b', {}, { mcp_server: 'a' }),
      'input/invalid_hook_input at /mcp_server',
    ],
  ];
  for (const host of ['claude-code', 'codex'] as const) {
    for (const [name, input, what] of cases) {
      it(`${host}: ${name}`, async () => {
        expect(await runInProcess(host, input, configFile(CONFIG))).toEqual(blocked(what));
      });
    }
  }

  it('input past 4 MiB', async () => {
    const big = hookInput('Write', { file_path: 'a', content: 'x'.repeat(4 * 1024 * 1024) });
    expect(await runInProcess('claude-code', big, configFile(CONFIG))).toEqual(
      blocked('input/input_too_large'),
    );
  });
});

describe('runHook: config problems block', () => {
  const input = hookInput('Bash', { command: 'ls' });
  it('missing config', async () => {
    const r = await runInProcess('codex', input, {
      path: '/nonexistent/hook.json',
      dataDir: '/nonexistent/data',
    });
    expect(r).toEqual(blocked('config/config_not_found'));
  });
  const bad: [string, string | object, string][] = [
    ['not strict JSON', '{"agent":"a","agent":"b"}', 'config/invalid_config at /agent'],
    ['unknown key', { agent: 'a', rulez: [] }, 'config/invalid_config at /rulez'],
    [
      'bad decision',
      { rules: [{ tool: 'Bash', decision: 'yes' }] },
      'config/invalid_config at /rules/0/decision',
    ],
    [
      'rule without tool',
      { rules: [{ decision: 'allow' }] },
      'config/invalid_config at /rules/0/tool',
    ],
    [
      'bad preset option',
      { presets: { bash: { network: 'maybe' } } },
      'config/invalid_config at /presets/bash/network',
    ],
    ['function key in JSON', { policy: 'x' }, 'config/invalid_config at /policy'],
    ['bad store', { store: { type: 'redis' } }, 'config/invalid_config at /store/type'],
    ['bad timeout', { timeoutMs: 5 }, 'config/invalid_config at /timeoutMs'],
    [
      'bad store daemon idle time',
      { store: { type: 'embedded', idleMs: 0 } },
      'config/invalid_config at /store/idleMs',
    ],
    [
      'old embedded lock option',
      { store: { type: 'embedded', lockTimeoutMs: 5 } },
      'config/invalid_config at /store/lockTimeoutMs',
    ],
    [
      'bad host setting',
      { hosts: { codex: { approval: 'ask-me' } } },
      'config/invalid_config at /hosts/codex/approval',
    ],
  ];
  for (const [name, config, what] of bad) {
    it(name, async () => {
      const file = typeof config === 'string' ? configFile(config) : configFile(config);
      if (typeof config === 'object' && 'store' in config) {
        // written as given (configFile would add an embedded store)
        const { writeFileSync } = await import('node:fs');
        writeFileSync(file.path, JSON.stringify(config));
      }
      expect(await runInProcess('claude-code', input, file)).toEqual(blocked(what));
    });
  }

  it('a module that throws on load', async () => {
    const file = configFile('throw new Error("secret-ish detail"); export default {};', 'hook.mjs');
    expect(await runInProcess('codex', input, file)).toEqual(
      blocked('config/config_module_failed'),
    );
  });

  it('the deadline: a hanging rewrite hook blocks with hook/timeout', async () => {
    const module =
      'export default { default: "allow", timeoutMs: 200, store: __STORE__, rewrite: { hooks: [() => new Promise(() => {})] } };';
    const r = await runInProcess('claude-code', input, configFile(module, 'hook.mjs'));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('argseal hook: blocked (hook/timeout)\n');
  });
});
