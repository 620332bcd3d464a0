import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureIo as io } from '../__fixtures__/capture-io.js';
import { runCli } from '../run-cli.js';

// `argseal approve --mcp` is `argseal mcp approve` of @argseal/mcp (tested there with a proxy).
describe('argseal approve --mcp', () => {
  it('bad input is a usage error (exit 64) and opens no store', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'argseal-approve-mcp-')), 'mcp');
    const a = io();
    expect(await runCli(['approve', '--mcp', '--server', 'fs', '--data-dir', dir], a.io)).toBe(64);
    expect(a.err.join('')).toContain('usage/missing_option');
    const b = io();
    expect(await runCli(['approve', '--mcp', 'x', '--uses', '2', '--data-dir', dir], b.io)).toBe(
      64,
    );
    expect(b.err.join('')).toContain('--uses');
    const c = io();
    expect(await runCli(['approve', '--mcp', 'a', 'b', '--data-dir', dir], c.io)).toBe(64);
    expect([...a.out, ...b.out, ...c.out]).toEqual([]);
    expect(existsSync(dir)).toBe(false);
  });

  it('lists what waits in the proxy store, and refuses an unknown id with exit 2', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'argseal-approve-mcp-')), 'mcp');
    const listed = io();
    expect(await runCli(['approve', '--mcp', '--data-dir', dir], listed.io)).toBe(0);
    expect(listed.out.join('')).toBe('nothing waits for approval\n');
    const unknown = io();
    expect(await runCli(['approve', '--mcp', 'nope', '--data-dir', dir], unknown.io)).toBe(2);
    expect(unknown.err.join('')).toContain('pin_not_found');
  });
});
