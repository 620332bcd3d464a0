import { describe, expect, it } from 'vitest';
import { GITHUB_TOKEN, IBAN_DE, SALT, STRIPE_KEY, VISA } from '../__fixtures__/values.js';
import { createDlp } from '../create-dlp.js';
import { DlpError } from '../errors.js';

const dlp = createDlp({ salt: SALT, detectors: { email: 'redact' } });

describe('scan: pointers, keys, split secrets, limits', () => {
  it('reports every string leaf with its JSON Pointer and a salted hash, never the text', async () => {
    const findings = await dlp.scan({
      reply: { body: `card ${VISA}`, cc: ['ok', 'ada@example.com'] },
      'a/b~c': IBAN_DE,
    });
    // in the order the policy sees the sealed snapshot: RFC 8785 key order
    expect(findings.map((f) => [f.detector, f.pointer, f.location, f.action])).toEqual([
      ['iban', '/a~1b~0c', 'value', 'deny'],
      ['card_number', '/reply/body', 'value', 'deny'],
      ['email', '/reply/cc/1', 'value', 'redact'],
    ]);
    for (const f of findings) expect(f.hash).toMatch(/^[a-p]{12}$/);
    expect(JSON.stringify(findings)).not.toMatch(/4111|ada@|3704/);
  });

  it('one salt, one hash per match; another salt, another hash', async () => {
    const [a] = await dlp.scan({ x: VISA });
    const [b] = await dlp.scan({ y: [VISA] });
    const [c] = await createDlp({ salt: `${SALT}-other` }).scan({ x: VISA });
    expect(a!.hash).toBe(b!.hash);
    expect(c!.hash).not.toBe(a!.hash);
  });

  it('a secret in an object key is found, and no pointer echoes it', async () => {
    const findings = await dlp.scan({ headers: { [GITHUB_TOKEN]: { note: `card ${VISA}` } } });
    expect(findings.map((f) => [f.detector, f.location, f.pointer])).toEqual([
      ['secret', 'key', '/headers'],
      ['card_number', 'value', `/headers/[REDACTED:secret:${findings[0]!.hash}]/note`],
    ]);
    expect(JSON.stringify(findings)).not.toContain(GITHUB_TOKEN);
  });

  it('a secret split across sibling fields is found at their container', async () => {
    const half = STRIPE_KEY.length / 2;
    const split = { part1: STRIPE_KEY.slice(0, half), part2: STRIPE_KEY.slice(half) };
    expect(await dlp.scan(split)).toMatchObject([
      { detector: 'secret', location: 'split', pointer: '', rule: 'stripe' },
    ]);
    const chunks = {
      auth: { chunks: [STRIPE_KEY.slice(0, 8), STRIPE_KEY.slice(8, 20), STRIPE_KEY.slice(20)] },
    };
    expect(await dlp.scan(chunks)).toMatchObject([{ location: 'split', pointer: '/auth/chunks' }]);
  });

  it('a secret split across sibling objects is found at the container holding them', async () => {
    const half = STRIPE_KEY.length / 2;
    const apart = { a: { x: STRIPE_KEY.slice(0, half) }, b: { y: STRIPE_KEY.slice(half) } };
    expect(await dlp.scan(apart)).toMatchObject([
      { detector: 'secret', location: 'split', pointer: '', rule: 'stripe' },
    ]);
  });

  it('a whole secret next to an unrelated sibling is one value finding, not a split one', async () => {
    const findings = await dlp.scan({ a: `key ${STRIPE_KEY}`, b: ' - thanks' });
    expect(findings).toMatchObject([{ location: 'value', pointer: '/a' }]);
  });

  it('a secret that ends its field, next to one that starts with token characters: the next may hold its tail', async () => {
    const findings = await dlp.scan({ a: `key ${STRIPE_KEY}`, b: 'hello' });
    expect(findings).toMatchObject([
      { location: 'value', pointer: '/a' },
      { location: 'split', pointer: '' },
    ]);
  });

  it('numbers, booleans and null are not strings: nothing to find', async () => {
    expect(await dlp.scan({ n: 4111111111111111, b: true, z: null, a: [] })).toEqual([]);
  });

  it('past maxScanLength the scan refuses (scan_limit_exceeded) rather than scan a part', async () => {
    const small = createDlp({ maxScanLength: 10 });
    await expect(small.scan({ a: '12345', b: '678901' })).rejects.toMatchObject({
      code: 'scan_limit_exceeded',
    });
    await expect(small.scan({ a: '12345', b: '678901' })).rejects.toSatisfy(DlpError.isInstance);
  });
});

describe('scan: bad input', () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  it.each([
    ['undefined', undefined, 'undefined_value'],
    ['a function', { f: () => 1 }, 'function_value'],
    ['a cycle', cyclic, 'cycle'],
    ['a Date', { d: new Date(0) }, 'date_object'],
    ['NaN', { n: Number.NaN }, 'non_finite_number'],
  ])('%s rejects with core code %s, and nothing is scanned', async (_, value, code) => {
    const seen: string[] = [];
    const spy = createDlp({
      salt: SALT,
      custom: [
        {
          detector: {
            id: 'spy',
            kind: 'personal',
            scan: (t) => {
              seen.push(t);
              return [];
            },
          },
          action: 'deny',
        },
      ],
    });
    await expect(spy.scan(value as never)).rejects.toMatchObject({ code, stage: 'snapshot' });
    expect(seen).toEqual([]);
  });
});

describe('exempt and tools', () => {
  const scoped = createDlp({
    salt: SALT,
    detectors: { email: 'deny' },
    exempt: [{ detectors: ['email'], paths: ['/to', '/cc/*'], tools: ['send_email'] }],
  });

  it('an exempt path of the named tool is skipped; other paths and tools are not', async () => {
    const args = { to: 'ada@example.com', cc: ['bob@example.com'], body: 'eve@example.com' };
    const send = await scoped.scan(args, { tool: 'send_email' });
    expect(send.map((f) => f.pointer)).toEqual(['/body']);
    const other = await scoped.scan(args, { tool: 'post_ticket' });
    expect(other.map((f) => f.pointer)).toEqual(['/body', '/cc/0', '/to']);
  });
});
