import { classifyIPv4, parseIPv4 } from './ipv4.js';
import { classifyIPv6, parseIPv6 } from './ipv6.js';
import type { AddressReason } from './reasons.js';

/** Result of classifying an IP address given as text. */
export type AddressClass =
  | { kind: 'invalid' }
  | { kind: 'ipv4' | 'ipv6'; blocked: AddressReason | undefined };

/**
 * Classifies an IP address as a resolver returns it (`93.184.216.34`, `2606:2800::1`,
 * `[::1]`, `fe80::1%eth0`). Non-canonical IPv4 spellings are `invalid`.
 */
export function classifyAddress(text: string): AddressClass {
  if (typeof text !== 'string') return { kind: 'invalid' };
  const v4 = parseIPv4(text);
  if (v4 !== undefined) return { kind: 'ipv4', blocked: classifyIPv4(v4) };
  if (!text.includes(':')) return { kind: 'invalid' };
  const v6 = parseIPv6(text);
  if (v6 === undefined) return { kind: 'invalid' };
  return { kind: 'ipv6', blocked: classifyIPv6(v6) };
}
