import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkEgress } from './check-egress.js';
import { classifyAddress } from './classify-address.js';
import { classifyIPv4, formatIPv4, parseIPv4 } from './ipv4.js';
import { parseIPv6 } from './ipv6.js';

describe('address parsing', () => {
  it('parses IPv4 strictly', () => {
    expect(parseIPv4('1.2.3.4')).toBe(0x01020304);
    expect(parseIPv4('255.255.255.255')).toBe(0xffffffff);
    for (const bad of [
      '01.2.3.4',
      '1.2.3',
      '1.2.3.4.',
      '256.1.1.1',
      '0x1.2.3.4',
      '',
      '1..2.3',
      ' 1.2.3.4',
    ]) {
      expect(parseIPv4(bad)).toBeUndefined();
    }
  });

  it('parses IPv6 with compression, brackets, zones and dotted tails', () => {
    expect(parseIPv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6('[2001:db8::]')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(parseIPv6('fe80::1%eth0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    for (const bad of [
      '1::2::3',
      '12345::',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      'g::',
      '1:2:3:4:5:6:7::8',
      '::1.2.3',
      '::ffff:1.2.3.04',
      `${'0:'.repeat(40)}:1`,
    ]) {
      expect(parseIPv6(bad)).toBeUndefined();
    }
  });

  it('classifies resolver answers', () => {
    expect(classifyAddress('93.184.216.34')).toEqual({ kind: 'ipv4', blocked: undefined });
    expect(classifyAddress('10.1.2.3')).toEqual({
      kind: 'ipv4',
      blocked: 'egress_private_address',
    });
    expect(classifyAddress('[::1]')).toEqual({ kind: 'ipv6', blocked: 'egress_loopback' });
    expect(classifyAddress('2002:a00:1::')).toEqual({
      kind: 'ipv6',
      blocked: 'egress_private_address',
    });
    expect(classifyAddress('2002:808:808::')).toEqual({ kind: 'ipv6', blocked: undefined });
    expect(classifyAddress('localhost')).toEqual({ kind: 'invalid' });
    expect(classifyAddress(7 as never)).toEqual({ kind: 'invalid' });
  });
});

/** Refused IPv4 ranges: [first address, prefix length]. */
const BLOCKED: [number, number][] = [
  [0x00000000, 8],
  [0x0a000000, 8],
  [0x64400000, 10],
  [0x7f000000, 8],
  [0xa9fe0000, 16],
  [0xac100000, 12],
  [0xc0a80000, 16],
  [0xe0000000, 4],
  [0xf0000000, 4],
];

const blockedIPv4 = fc
  .tuple(fc.constantFrom(...BLOCKED), fc.integer({ min: 0, max: 0xffffffff }))
  .map(([[base, bits], r]) => (base + (bits === 32 ? 0 : r % 2 ** (32 - bits))) >>> 0);

/** Spellings of an IPv4 address that the WHATWG URL parser accepts as the same host. */
const spellings = (n: number): string[] => {
  const [a, b, c, d] = [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  const hex = (x: number) => `0x${x.toString(16)}`;
  const oct = (x: number) => `0${x.toString(8)}`;
  const h = (x: number) => x.toString(16);
  return [
    formatIPv4(n),
    `${n}`,
    hex(n),
    oct(n),
    `${a}.${(b << 16) | (c << 8) | d}`,
    `${a}.${b}.${(c << 8) | d}`,
    [a, b, c, d].map(hex).join('.'),
    [a, b, c, d].map(oct).join('.'),
    `${formatIPv4(n)}.`,
    `[::ffff:${formatIPv4(n)}]`,
    `[::ffff:${h(n >>> 16)}:${h(n & 0xffff)}]`,
    `[64:ff9b::${formatIPv4(n)}]`,
    `[0:0:0:0:0:ffff:${h(n >>> 16)}:${h(n & 0xffff)}]`,
  ];
};

describe('egress properties', () => {
  it('every spelling of a refused IPv4 address is refused, with the same reason', async () => {
    await fc.assert(
      fc.asyncProperty(blockedIPv4, fc.constantFrom('http', 'https'), async (n, scheme) => {
        const want = classifyIPv4(n);
        expect(want).toBeDefined();
        for (const host of spellings(n)) {
          const r = await checkEgress(`${scheme}://${host}/x`);
          expect(r.allowed, host).toBe(false);
          expect(r.reason, host).toBe(want);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a public IPv4 address is allowed only in canonical dotted form', async () => {
    const publicIPv4 = fc
      .integer({ min: 0, max: 0xffffffff })
      .filter((n) => classifyIPv4(n) === undefined);
    await fc.assert(
      fc.asyncProperty(publicIPv4, async (n) => {
        const [canonical, ...others] = spellings(n);
        expect((await checkEgress(`https://${canonical}/`)).allowed).toBe(true);
        for (const host of others.slice(0, 8)) {
          const r = await checkEgress(`https://${host}/`);
          expect(r, host).toMatchObject({ allowed: false, reason: 'egress_noncanonical_ip' });
        }
      }),
      { numRuns: 200 },
    );
  });

  it('any userinfo is refused', async () => {
    await fc.assert(
      fc.asyncProperty(fc.webAuthority({ withUserInfo: true }), async (authority) => {
        fc.pre(authority.includes('@'));
        expect((await checkEgress(`https://${authority}/`)).allowed).toBe(false);
      }),
    );
  });
});

describe('egress hostname properties', () => {
  const label = fc
    .stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/)
    .filter((l) => !l.startsWith('xn--'));
  const randomCase = (s: string, bits: number) =>
    [...s].map((c, i) => ((bits >> (i % 30)) & 1 ? c.toUpperCase() : c)).join('');

  it('names under localhost or an internal suffix are refused in any case, with trailing dots', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(label, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('localhost', 'internal', 'local', 'home.arpa', 'localdomain'),
        fc.integer({ min: 0 }),
        fc.nat(2),
        async (labels, suffix, bits, dots) => {
          const host = randomCase(`${labels.join('.')}.${suffix}`, bits) + '.'.repeat(dots);
          const r = await checkEgress(`https://${host}/`);
          expect(r.allowed, host).toBe(false);
          expect(r.reason).toBe(
            suffix === 'localhost' ? 'egress_localhost' : 'egress_internal_hostname',
          );
        },
      ),
    );
  });

  it('ordinary public names are allowed and keep their lowercase name', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(label, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('com', 'org', 'dev'),
        async (labels, tld) => {
          const host = `${labels.join('.')}.${tld}`;
          const r = await checkEgress(`https://${host.toUpperCase()}/`);
          expect(r).toMatchObject({ allowed: true, hostname: host });
        },
      ),
    );
  });
});
