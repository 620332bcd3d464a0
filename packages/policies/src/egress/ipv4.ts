import ipaddr from 'ipaddr.js';
import type { AddressReason } from './reasons.js';

/** `255.255.255.255`: longer text is never canonical IPv4 (and never reaches the parser). */
const MAX_IPV4_TEXT = 15;

/**
 * Parses canonical dotted-decimal IPv4 (`a.b.c.d`, no leading zeros) to an unsigned
 * 32-bit number. Other spellings return `undefined`: the WHATWG URL parser has already
 * turned `0x7f.1`, `2130706433` or `0177.0.0.1` into this form, and a resolver that
 * answers in any other form is not trusted.
 */
export function parseIPv4(text: string): number | undefined {
  if (text.length > MAX_IPV4_TEXT || !ipaddr.IPv4.isValidFourPartDecimal(text)) return undefined;
  return ipaddr.IPv4.parse(text)
    .toByteArray()
    .reduce((n, byte) => n * 256 + byte, 0);
}

export function formatIPv4(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

function ip(a: number, b: number, c: number, d: number): number {
  return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
}

function inRange(n: number, base: number, bits: number): boolean {
  if (bits === 0) return true;
  const mask = bits === 32 ? 0xffffffff : (0xffffffff << (32 - bits)) >>> 0;
  return (n & mask) >>> 0 === (base & mask) >>> 0;
}

/** Ordered: the first matching range decides, so metadata wins over link-local. */
const V4_RANGES: readonly [number, number, AddressReason][] = [
  [ip(169, 254, 169, 254), 32, 'egress_cloud_metadata'], // AWS, GCP, Azure, OCI, ...
  [ip(169, 254, 170, 2), 32, 'egress_cloud_metadata'], // AWS ECS task metadata
  [ip(100, 100, 100, 200), 32, 'egress_cloud_metadata'], // Alibaba Cloud
  [ip(255, 255, 255, 255), 32, 'egress_broadcast'],
  [ip(0, 0, 0, 0), 8, 'egress_unspecified_address'], // "this network"
  [ip(10, 0, 0, 0), 8, 'egress_private_address'],
  [ip(100, 64, 0, 0), 10, 'egress_cgnat'],
  [ip(127, 0, 0, 0), 8, 'egress_loopback'],
  [ip(169, 254, 0, 0), 16, 'egress_link_local'],
  [ip(172, 16, 0, 0), 12, 'egress_private_address'],
  [ip(192, 0, 0, 0), 24, 'egress_reserved_address'], // IETF protocol assignments
  [ip(192, 0, 2, 0), 24, 'egress_reserved_address'], // TEST-NET-1
  [ip(192, 88, 99, 0), 24, 'egress_reserved_address'], // 6to4 relay anycast
  [ip(192, 168, 0, 0), 16, 'egress_private_address'],
  [ip(198, 18, 0, 0), 15, 'egress_reserved_address'], // benchmarking
  [ip(198, 51, 100, 0), 24, 'egress_reserved_address'], // TEST-NET-2
  [ip(203, 0, 113, 0), 24, 'egress_reserved_address'], // TEST-NET-3
  [ip(224, 0, 0, 0), 4, 'egress_multicast'],
  [ip(240, 0, 0, 0), 4, 'egress_reserved_address'],
];

/** Why an IPv4 address must not be reached, or `undefined` for a public address. */
export function classifyIPv4(n: number): AddressReason | undefined {
  for (const [base, bits, reason] of V4_RANGES) {
    if (inRange(n, base, bits)) return reason;
  }
  return undefined;
}
