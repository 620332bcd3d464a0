import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin } from './__fixtures__/run-bin.js';

// `argseal mcp` failures through the real binary: the status, the one line naming the
// problem, and nothing started or stored. An upstream that would run writes a marker file.
const dir = () => mkdtempSync(join(tmpdir(), 'argseal-mcp-errors-'));
const upstream = (marker: string) => [
  '--',
  process.execPath,
  '-e',
  `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran')`,
];

describe('argseal mcp: usage, config and input errors are not "a bug" (exit 70)', () => {
  it('a missing config file: exit 64 usage/config_not_found, no upstream, no data dir', async () => {
    const d = dir();
    const data = join(d, 'data');
    const marker = join(d, 'upstream-ran');
    const missing = join(d, 'nope.json');
    const r = await runBin(['mcp', '--config', missing, '--data-dir', data, ...upstream(marker)]);
    expect(r.status).toBe(64);
    expect(r.stderr).toBe(`error: usage/config_not_found cannot read the config file ${missing}\n`);
    expect(r.stdout).toBe('');
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(data)).toBe(false);
  });

  it('an invalid config (duplicate key, unknown key): exit 64 usage/invalid_config, nothing run', async () => {
    const d = dir();
    const data = join(d, 'data');
    const marker = join(d, 'upstream-ran');
    for (const [text, why] of [
      ['{ "servers": { "fs": { "trusted": true, "trusted": false } } }', 'duplicate_key'],
      ['{ "servers": {}, "secretKey": "sk-do-not-print" }', 'secretKey'],
    ] as const) {
      const file = join(d, 'c.json');
      writeFileSync(file, text);
      const r = await runBin(['mcp', '--config', file, '--data-dir', data, ...upstream(marker)]);
      expect(r.status).toBe(64);
      expect(r.stderr).toMatch(/^error: usage\/invalid_config .+\n$/);
      expect(r.stderr).toContain(why);
      expect(r.stderr).not.toContain('sk-do-not-print');
      expect(r.stdout).toBe('');
    }
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(data)).toBe(false);
  });

  it('--console-url reaches the proxy: no token or no console is exit 64, nothing run or stored', async () => {
    const d = dir();
    const marker = join(d, 'upstream-ran');
    const url = 'http://127.0.0.1:9';
    const noToken = await runBin(['mcp', '--console-url', url, ...upstream(marker)], undefined, {
      env: { ARGSEAL_CONSOLE_TOKEN: '' },
    });
    expect(noToken.status).toBe(64);
    expect(noToken.stderr).toMatch(/^error: usage\/invalid_config .*ARGSEAL_CONSOLE_TOKEN\n$/);
    const unreachable = await runBin(['mcp', '--console-url', url, 'pins', 'list'], undefined, {
      env: { ARGSEAL_CONSOLE_TOKEN: 'agent-token-do-not-print' },
    });
    expect(unreachable.status).toBe(64);
    expect(unreachable.stderr).toMatch(/^error: usage\/console_unreachable .+\n$/);
    expect(unreachable.stderr).not.toContain('agent-token-do-not-print');
    expect(unreachable.stdout).toBe('');
    expect(existsSync(marker)).toBe(false);
    expect(readdirSync(d)).toEqual([]);
  });

  it('pins show|approve of an unknown id: exit 2 pins/pin_not_found, no pin written', async () => {
    const data = join(dir(), 'data');
    const show = await runBin(['mcp', 'pins', 'show', 'no-such-pin', '--data-dir', data]);
    expect(show.status).toBe(2);
    expect(show.stderr).toBe('error: pins/pin_not_found no tool-definition pin has this ID\n');
    expect(show.stdout).toBe('');
    const approve = await runBin([
      'mcp',
      'pins',
      'approve',
      'no-such-pin',
      '--approver',
      'ann',
      '--data-dir',
      data,
    ]);
    expect(approve.status).toBe(2);
    expect(approve.stderr).toMatch(/^error: pins\/pin_not_found [^\n]+\n$/);
    expect(approve.stderr).not.toContain('no-such-pin');
    const list = await runBin(['mcp', 'pins', 'list', '--status', 'all', '--data-dir', data]);
    expect(list.status).toBe(0);
    expect(list.stdout).toBe('');
    // three cold PGlite opens: slow on a loaded machine
  }, 120_000);

  it('pins without an ID or approver: exit 64, the store is not opened', async () => {
    const data = join(dir(), 'data');
    const noId = await runBin(['mcp', 'pins', 'show', '--data-dir', data]);
    expect(noId.status).toBe(64);
    expect(noId.stderr).toBe('error: usage/missing_argument "pins show" needs a pin ID\n');
    const noApprover = await runBin(['mcp', 'pins', 'reject', 'p1', '--data-dir', data]);
    expect(noApprover.status).toBe(64);
    expect(noApprover.stderr).toBe(
      'error: usage/missing_option "pins reject" needs --approver NAME\n',
    );
    expect(existsSync(data) ? readdirSync(data) : []).toEqual([]);
  });
});
