import { describe, expect, it } from 'vitest';
import { LineReader } from './line-reader.js';

function read(chunks: string[], maxBytes = 64) {
  const lines: (string | undefined)[] = [];
  const reader = new LineReader(maxBytes, (line) => lines.push(line?.toString('utf8')));
  for (const c of chunks) reader.push(Buffer.from(c, 'utf8'));
  return lines;
}

describe('LineReader', () => {
  it('splits lines inside one chunk and across chunks, and skips empty lines', () => {
    expect(read(['a\nbb\n\nc', 'cc', 'c\nd'])).toEqual(['a', 'bb', 'cccc']);
  });

  it('hands a line that fits in its chunk over as a view of that chunk (no copy)', () => {
    const chunk = Buffer.from('{"a":1}\n{"b":2}\n');
    const seen: Buffer[] = [];
    new LineReader(64, (line) => seen.push(line as Buffer)).push(chunk);
    expect(seen.map((b) => b.toString())).toEqual(['{"a":1}', '{"b":2}']);
    expect(seen.every((b) => b.buffer === chunk.buffer)).toBe(true);
  });

  it('reports an oversized line once, as undefined, whether it arrives whole or in pieces', () => {
    expect(read([`${'x'.repeat(20)}\nok\n`], 10)).toEqual([undefined, 'ok']);
    expect(read(['x'.repeat(8), 'x'.repeat(8), 'x'.repeat(8), '\nok\n'], 10)).toEqual([
      undefined,
      'ok',
    ]);
  });

  it('keeps a multi-byte character split across chunks intact', () => {
    const bytes = Buffer.from('é€😀\n', 'utf8');
    const lines: string[] = [];
    const reader = new LineReader(64, (line) => lines.push((line as Buffer).toString('utf8')));
    for (let i = 0; i < bytes.length; i++) reader.push(bytes.subarray(i, i + 1));
    expect(lines).toEqual(['é€😀']);
  });
});
