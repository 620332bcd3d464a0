import { ArgsealError, computeProposalHash } from '@argseal/core';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from './__fixtures__/run-bin.js';
import { type CliIo, EXIT_CODES, runCli } from './index.js';

function memoryIo(chunks?: (string | Uint8Array)[], cwd?: string) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdin: chunks
      ? (async function* () {
          yield* chunks;
        })()
      : undefined,
    stdout: { write: (s: string) => out.push(s) },
    stderr: { write: (s: string) => err.push(s) },
    cwd,
  };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

describe('runCli (in process)', () => {
  it('decodes UTF-8 split across byte chunks and mixes text chunks', async () => {
    const bytes = new TextEncoder().encode('{"b":"€","a":');
    const m = memoryIo([bytes.subarray(0, 7), bytes.subarray(7), '1}']);
    expect(await runCli(['canonicalize'], m.io)).toBe(EXIT_CODES.ok);
    expect(m.stdout()).toBe('{"a":1,"b":"€"}\n');
    expect(m.stderr()).toBe('');
  });

  it('rejects a UTF-8 sequence cut short by a text chunk', async () => {
    const euro = new TextEncoder().encode('"€"');
    const m = memoryIo([euro.subarray(0, 2), '"']);
    expect(await runCli(['canonicalize'], m.io)).toBe(EXIT_CODES.rejected);
    expect(m.stderr()).toBe('error: decode/invalid_utf8 at (root)\n');
  });

  it('rejects lone surrogates in text chunks (they never become U+FFFD)', async () => {
    const m = memoryIo(['"\ud800"']);
    expect(await runCli(['canonicalize'], m.io)).toBe(EXIT_CODES.rejected);
    expect(m.stderr()).toBe('error: decode/lone_surrogate at (root)\n');
    expect(m.stdout()).toBe('');
  });

  it('treats absent stdin as empty input', async () => {
    const m = memoryIo();
    expect(await runCli(['canonicalize'], m.io)).toBe(EXIT_CODES.rejected);
    expect(m.stderr()).toBe('error: decode/invalid_json at (root)\n');
  });

  it('resolves FILE against io.cwd', async () => {
    const m = memoryIo(undefined, FIXTURES);
    expect(await runCli(['hash', '--agent', 'a', '--tool', 't', 'duplicate-key.txt'], m.io)).toBe(
      2,
    );
    expect(m.stderr()).toBe('error: decode/duplicate_key at /amount\n');
  });

  it('rejects agent names with lone surrogates as a usage error', async () => {
    const m = memoryIo(['{}']);
    expect(await runCli(['hash', '--agent', 'a\udc00', '--tool', 't'], m.io)).toBe(
      EXIT_CODES.usage,
    );
    expect(m.stderr()).toBe(
      'error: usage/invalid_option_value --agent must be a non-empty well-formed string, got "a\\udc00"\n',
    );
  });

  it('hashes in process exactly like core', async () => {
    const m = memoryIo(['{"z":1,"a":[true]}']);
    expect(await runCli(['hash', '--tool', 'x', '--agent', 'y'], m.io)).toBe(0);
    const expected = await computeProposalHash({
      agent: 'y',
      tool: 'x',
      argsCanonicalJson: '{"a":[true],"z":1}',
    });
    expect(m.stdout()).toBe(`${expected}\n`);
  });

  it('reports an unexpected failure as one internal line, exit 70', async () => {
    const err: string[] = [];
    const io: CliIo = {
      stdout: {
        write: () => {
          throw new TypeError('boom {"secret":1}');
        },
      },
      stderr: { write: (s: string) => err.push(s) },
    };
    expect(await runCli(['--version'], io)).toBe(EXIT_CODES.internal);
    expect(err.join('')).toBe('error: internal/unexpected_error (TypeError)\n');
  });

  it.each([
    ['a stable code', 'store_unavailable', 'store_unavailable'],
    ['a payload as the code', '{"to":"acct_1","amount":5000}', 'unexpected_error'],
    ['terminal controls', '\u001b[2Jinvalid', 'unexpected_error'],
    ['upper case', 'StoreDown', 'unexpected_error'],
    ['an over-long code', `a${'b'.repeat(64)}`, 'unexpected_error'],
  ])('an argseal error with %s prints internal/%s', async (_label, code, printed) => {
    const err: string[] = [];
    const io: CliIo = {
      stdout: {
        write: () => {
          throw new ArgsealError(code, 'm');
        },
      },
      stderr: { write: (s: string) => err.push(s) },
    };
    expect(await runCli(['--version'], io)).toBe(EXIT_CODES.internal);
    expect(err.join('')).toBe(`error: internal/${printed} (ArgsealError)\n`);
  });
});
