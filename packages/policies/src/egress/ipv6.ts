import ipaddr from 'ipaddr.js';
import { classifyIPv4, parseIPv4 } from './ipv4.js';
import type { AddressReason } from './reasons.js';

/** Longest IPv6 text accepted (45 for the address, brackets and a short `%zone`). */
const MAX_IPV6_TEXT = 64;

/**
 * Parses an IPv6 address (optionally in brackets, optionally with a `%zone`, which is
 * dropped) into eight 16-bit groups with ipaddr.js. Accepts `::` compression and a dotted
 * IPv4 tail, which must be canonical dotted decimal (`::ffff:1.2.3.04` is refused).
 */
export function parseIPv6(text: string): number[] | undefined {
  if (text.length > MAX_IPV6_TEXT) return undefined;
  let s = text;
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const zone = s.indexOf('%');
  if (zone !== -1) s = s.slice(0, zone);
  if (!ipaddr.IPv6.isValid(s)) return undefined;
  const dot = s.lastIndexOf(':');
  if (s.includes('.') && parseIPv4(s.slice(dot + 1)) === undefined) return undefined;
  return ipaddr.IPv6.parse(s).parts.slice();
}

function prefix(g: readonly number[], want: readonly number[], bits: number): boolean {
  for (let i = 0; bits > 0; i++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
    if ((g[i]! & mask) !== (want[i]! & mask)) return false;
  }
  return true;
}

function v4At(g: readonly number[], index: number): number {
  return ((g[index]! << 16) | g[index + 1]!) >>> 0;
}

const ZERO = [0, 0, 0, 0, 0, 0, 0, 0];

/**
 * IPv6 prefixes that embed an IPv4 address: the embedded address is classified, so
 * `::ffff:127.0.0.1` and `64:ff9b::a9fe:a9fe` are refused like their IPv4 forms.
 */
const EMBEDDING: readonly [number[], number, number][] = [
  [[0, 0, 0, 0, 0, 0xffff, 0, 0], 96, 6], // IPv4-mapped ::ffff:0:0/96
  [[0, 0, 0, 0, 0xffff, 0, 0, 0], 96, 6], // IPv4-translated ::ffff:0:0:0/96
  [[0x64, 0xff9b, 0, 0, 0, 0, 0, 0], 96, 6], // NAT64 well-known prefix
  [ZERO, 96, 6], // IPv4-compatible (deprecated) ::/96
  [[0x2002, 0, 0, 0, 0, 0, 0, 0], 16, 1], // 6to4
];

const V6_RANGES: readonly [number[], number, AddressReason][] = [
  [[0xfd00, 0x0ec2, 0, 0, 0, 0, 0, 0x0254], 128, 'egress_cloud_metadata'], // AWS IMDS over IPv6
  [[0x64, 0xff9b, 1, 0, 0, 0, 0, 0], 48, 'egress_private_address'], // local-use NAT64
  [[0x2001, 0, 0, 0, 0, 0, 0, 0], 32, 'egress_reserved_address'], // Teredo
  [[0x2001, 0x0db8, 0, 0, 0, 0, 0, 0], 32, 'egress_reserved_address'], // documentation
  [[0x0100, 0, 0, 0, 0, 0, 0, 0], 64, 'egress_reserved_address'], // discard-only
  [[0xfc00, 0, 0, 0, 0, 0, 0, 0], 7, 'egress_private_address'], // unique local (ULA)
  [[0xfe80, 0, 0, 0, 0, 0, 0, 0], 10, 'egress_link_local'],
  [[0xfec0, 0, 0, 0, 0, 0, 0, 0], 10, 'egress_private_address'], // site-local (deprecated)
  [[0xff00, 0, 0, 0, 0, 0, 0, 0], 8, 'egress_multicast'],
];

/** Why an IPv6 address must not be reached, or `undefined` for a global unicast address. */
export function classifyIPv6(g: readonly number[]): AddressReason | undefined {
  if (prefix(g, ZERO, 128)) return 'egress_unspecified_address';
  if (prefix(g, [0, 0, 0, 0, 0, 0, 0, 1], 128)) return 'egress_loopback';
  for (const [want, bits, reason] of V6_RANGES) {
    if (prefix(g, want, bits)) return reason;
  }
  for (const [want, bits, index] of EMBEDDING) {
    if (prefix(g, want, bits)) return classifyIPv4(v4At(g, index));
  }
  // Everything outside global unicast 2000::/3 is not a public destination.
  if (!prefix(g, [0x2000, 0, 0, 0, 0, 0, 0, 0], 3)) return 'egress_reserved_address';
  return undefined;
}
