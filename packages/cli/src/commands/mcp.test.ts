import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureIo as io } from '../__fixtures__/capture-io.js';
import { runCli } from '../run-cli.js';

describe('argseal mcp (bad input; the proxy itself is tested in @argseal/mcp)', () => {
  it('without an upstream command: usage, exit 64, nothing on stdout', async () => {
    const x = io();
    expect(await runCli(['mcp'], x.io)).toBe(64);
    expect(x.err.join('')).toContain('usage: argseal mcp');
    expect(x.out).toEqual([]);
  });

  it('an unknown pins verb or status is a usage error', async () => {
    const a = io();
    expect(await runCli(['mcp', 'pins', 'frobnicate'], a.io)).toBe(64);
    const file = join(mkdtempSync(join(tmpdir(), 'argseal-mcp-cli-')), 'dup.json');
    writeFileSync(file, '{ "servers": { "fs": { "trusted": true, "trusted": false } } }');
    const b = io();
    expect(await runCli(['mcp', 'pins', 'list', '--status', 'nope'], b.io)).toBe(64);
    expect(a.out).toEqual([]);
    expect(b.out).toEqual([]);
  });

  it('a missing or invalid config is refused with its code', async () => {
    const a = io();
    expect(await runCli(['mcp', '--config', '/nonexistent/c.json', '--', 'true'], a.io)).toBe(64);
    expect(a.err.join('')).toContain('config_not_found');
    const file = join(mkdtempSync(join(tmpdir(), 'argseal-mcp-cli-')), 'dup.json');
    writeFileSync(file, '{ "servers": { "fs": { "trusted": true, "trusted": false } } }');
    const b = io();
    expect(await runCli(['mcp', '--config', file, '--', 'true'], b.io)).toBe(64);
    expect(b.err.join('')).toContain('invalid_config');
    expect(b.err.join('')).toContain('duplicate_key');
  });

  it('lists its options in --help', async () => {
    const x = io();
    expect(await runCli(['mcp', '--help'], x.io)).toBe(0);
    expect(x.out.join('')).toMatch(/--config FILE[\s\S]*--http PORT[\s\S]*--database-url URL/);
  });
});
