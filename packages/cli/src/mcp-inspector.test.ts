// @modelcontextprotocol/inspector-cli drives `argseal mcp` (the built bin) in front of the real server-filesystem.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INSPECTOR, run, workspace } from './__fixtures__/mcp-hosts.js';
import { BIN } from './__fixtures__/run-bin.js';

describe('inspector-cli -> argseal mcp -> server-filesystem', () => {
  it('lists and calls through the proxy; write_file answers approval required', {
    timeout: 120_000,
  }, async () => {
    const w = await workspace();
    const inspector = INSPECTOR;
    // inspector-cli parses the target's options as its own unless they are `--name=value`
    const target = [BIN, 'mcp', `--config=${w.config}`, `--data-dir=${w.data}`];
    // it must run from a folder below one that has a package.json
    const cwd = join(w.dir, 'inspector');
    mkdirSync(cwd);
    writeFileSync(join(w.dir, 'package.json'), '{"private":true}');
    const cli = (...args: string[]) =>
      run(process.execPath, [inspector, process.execPath, ...target, ...args], {
        cwd,
        timeout: 90_000,
      });
    const read = await cli(
      '--method',
      'tools/call',
      '--tool-name',
      'read_text_file',
      '--tool-arg',
      `path=${join(w.root, 'hello.txt')}`,
    );
    expect(JSON.parse(read.stdout).content[0].text).toBe('hello\n');
    const write = await cli(
      '--method',
      'tools/call',
      '--tool-name',
      'write_file',
      '--tool-arg',
      `path=${join(w.root, 'x.txt')}`,
      'content=x',
    );
    const result = JSON.parse(write.stdout);
    expect(result.isError).toBe(true);
    expect(result._meta['argseal/refusal'].code).toBe('approval_required');
    expect(existsSync(join(w.root, 'x.txt'))).toBe(false);
  });
});
