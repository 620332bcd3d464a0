import type { EgressReason } from './reasons.js';

/** Hostnames of cloud metadata services. */
export const METADATA_HOSTNAMES: readonly string[] = Object.freeze([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
]);

/**
 * Suffixes of names that only resolve inside a private network. `localhost` and
 * `*.localhost` are reported as `egress_localhost`, the others as `egress_internal_hostname`.
 */
export const INTERNAL_SUFFIXES: readonly string[] = Object.freeze([
  'internal',
  'local',
  'localdomain',
  'home.arpa',
  'intranet',
  'corp',
  'lan',
  'private',
]);

function hasSuffix(host: string, suffix: string): boolean {
  return host === suffix || host.endsWith(`.${suffix}`);
}

/** Removes every trailing dot: `localhost.` and `localhost..` are `localhost`. */
export function stripTrailingDots(host: string): string {
  let end = host.length;
  while (end > 0 && host.charCodeAt(end - 1) === 46) end--;
  return end === host.length ? host : host.slice(0, end);
}

/**
 * Why a DNS name (already lowercased and punycoded by the URL parser, trailing dots
 * removed) must not be reached without resolving it, or `undefined`.
 */
export function classifyHostname(
  host: string,
  options: { internalSuffixes: readonly string[]; allowSingleLabel: boolean },
):
  | Extract<
      EgressReason,
      | 'egress_cloud_metadata'
      | 'egress_localhost'
      | 'egress_internal_hostname'
      | 'egress_single_label_host'
    >
  | undefined {
  if (METADATA_HOSTNAMES.includes(host)) return 'egress_cloud_metadata';
  if (hasSuffix(host, 'localhost')) return 'egress_localhost';
  if (options.internalSuffixes.some((s) => hasSuffix(host, s))) return 'egress_internal_hostname';
  if (!host.includes('.') && !options.allowSingleLabel) return 'egress_single_label_host';
  return undefined;
}

/** Normalizes an allowlist entry (`API.Example.com.`, `*.example.com`) or returns undefined. */
export function normalizeHostPattern(entry: string): string | undefined {
  if (typeof entry !== 'string' || entry === '') return undefined;
  const wildcard = entry.startsWith('*.');
  const bare = wildcard ? entry.slice(2) : entry;
  if (/[/?#@\\\s%*]/.test(bare)) return undefined;
  if (bare.includes(':') && !(bare.startsWith('[') && bare.endsWith(']'))) return undefined;
  let host: string;
  try {
    host = stripTrailingDots(new URL(`http://${bare}/`).hostname);
  } catch {
    return undefined;
  }
  if (host === '') return undefined;
  return wildcard ? `*.${host}` : host;
}

/** Exact entries match the host; `*.example.com` matches any subdomain, not the apex. */
export function matchesHostPattern(host: string, pattern: string): boolean {
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1));
  return host === pattern;
}
