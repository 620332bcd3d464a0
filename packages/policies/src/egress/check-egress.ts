import { assertKnownOptions } from '@argseal/core';
import { PolicyConfigError } from '../errors.js';
import { classifyAddress } from './classify-address.js';
import {
  classifyHostname,
  INTERNAL_SUFFIXES,
  matchesHostPattern,
  normalizeHostPattern,
  stripTrailingDots,
} from './hostnames.js';
import { classifyIPv4, formatIPv4, parseIPv4 } from './ipv4.js';
import { classifyIPv6, parseIPv6 } from './ipv6.js';
import { rawAuthority, rawShapeProblem } from './raw-url.js';
import type { EgressReason } from './reasons.js';

/**
 * Default {@link EgressOptions.maxUrlLength}: 8 KiB, the request-line limit of common HTTP
 * servers and proxies. Longer URLs are refused with `egress_url_too_long` before parsing.
 */
export const DEFAULT_MAX_URL_LENGTH = 8192;

/** Resolves a hostname to IP addresses (text). Inject your own (DNS, DoH, a cache). */
export type EgressResolver = (hostname: string) => Promise<readonly string[]>;

/**
 * What {@link checkEgress} lets through. Validated by {@link compileEgressOptions}, which
 * throws {@link PolicyConfigError} `invalid_policy_options` on malformed values.
 */
export interface EgressOptions {
  /** Only these hosts may be reached: exact (`api.example.com`) or `*.example.com` (subdomains). */
  allowHosts?: readonly string[];
  /** Only these ports (default ports count as 80 and 443). Omitted: any port. */
  allowPorts?: readonly number[];
  /** Allowed schemes, a subset of `http:` and `https:` (the default is both). */
  protocols?: readonly string[];
  /** More name suffixes to refuse, added to the built-in internal suffixes. */
  blockHostSuffixes?: readonly string[];
  /** Allow single-label names such as `http://intranet/`. Default false. */
  allowSingleLabelHosts?: boolean;
  /** Resolver for DNS names; every address it returns must be public. */
  resolve?: EgressResolver;
  /** What a resolver error means: `deny` (default) or `allow` (skip the address check). */
  onResolverError?: 'deny' | 'allow';
  /**
   * Longest URL accepted, in UTF-16 code units (default {@link DEFAULT_MAX_URL_LENGTH}).
   * Longer ones are refused with `egress_url_too_long` before any parsing.
   */
  maxUrlLength?: number;
}

/** Verdict of {@link checkEgress}. */
export type EgressResult =
  | {
      allowed: true;
      reason: 'egress_allowed';
      /** The URL as the WHATWG parser serializes it: give this to your HTTP client. */
      url: string;
      hostname: string;
      /** Addresses the resolver returned, to pin the connection to. */
      addresses?: readonly string[];
    }
  | {
      allowed: false;
      reason: Exclude<EgressReason, 'egress_allowed'>;
      hostname?: string;
      address?: string;
    };

/** Options validated and normalized once. */
export interface CompiledEgressOptions {
  readonly allowHosts: readonly string[] | undefined;
  readonly allowPorts: ReadonlySet<number> | undefined;
  readonly protocols: ReadonlySet<string>;
  readonly internalSuffixes: readonly string[];
  readonly allowSingleLabel: boolean;
  readonly resolve: EgressResolver | undefined;
  readonly failOpen: boolean;
  readonly maxUrlLength: number;
}

const compiledSet = new WeakSet<object>();

function bad(message: string): never {
  throw new PolicyConfigError('invalid_policy_options', `egress: ${message}`);
}

type Deny = Extract<EgressResult, { allowed: false }>;
type HostVerdict = { kind: 'ip' | 'name'; hostname: string; deny?: Deny };

function classifyHost(
  hostname: string,
  compiled: Pick<CompiledEgressOptions, 'internalSuffixes' | 'allowSingleLabel'>,
): HostVerdict {
  if (hostname.startsWith('[')) {
    const g = parseIPv6(hostname);
    const blocked = g ? classifyIPv6(g) : 'egress_invalid_url';
    return {
      kind: 'ip',
      hostname,
      ...(blocked ? { deny: { allowed: false, reason: blocked, hostname } } : {}),
    };
  }
  const host = stripTrailingDots(hostname);
  const v4 = parseIPv4(host);
  if (v4 !== undefined) {
    const blocked = classifyIPv4(v4);
    return {
      kind: 'ip',
      hostname: formatIPv4(v4),
      ...(blocked ? { deny: { allowed: false, reason: blocked, hostname: host } } : {}),
    };
  }
  if (host === '')
    return { kind: 'name', hostname: host, deny: { allowed: false, reason: 'egress_invalid_url' } };
  const blocked = classifyHostname(host, compiled);
  return {
    kind: 'name',
    hostname: host,
    ...(blocked ? { deny: { allowed: false, reason: blocked, hostname: host } } : {}),
  };
}

/** Validates egress options; throws `invalid_policy_options` on anything malformed. */
export function compileEgressOptions(options: EgressOptions = {}): CompiledEgressOptions {
  assertKnownOptions('compileEgressOptions', options, [
    'allowHosts',
    'allowPorts',
    'protocols',
    'blockHostSuffixes',
    'allowSingleLabelHosts',
    'resolve',
    'onResolverError',
    'maxUrlLength',
    'paths',
    'name',
  ]);
  if (typeof options !== 'object' || options === null) bad('options must be an object');
  const protocols = new Set(options.protocols ?? ['http:', 'https:']);
  if (protocols.size === 0 || ![...protocols].every((p) => p === 'http:' || p === 'https:')) {
    bad('protocols must be a non-empty subset of ["http:", "https:"]');
  }
  const suffixes = options.blockHostSuffixes ?? [];
  if (!Array.isArray(suffixes) || !suffixes.every((s) => typeof s === 'string' && s !== '')) {
    bad('blockHostSuffixes must be an array of non-empty strings');
  }
  const internalSuffixes = [
    ...INTERNAL_SUFFIXES,
    ...suffixes.map((s) => stripTrailingDots(s.toLowerCase().replace(/^\*?\./, ''))),
  ];
  const allowSingleLabel = options.allowSingleLabelHosts === true;
  let allowHosts: string[] | undefined;
  if (options.allowHosts !== undefined) {
    if (!Array.isArray(options.allowHosts)) bad('allowHosts must be an array');
    allowHosts = options.allowHosts.map((entry, i) => {
      const pattern = normalizeHostPattern(entry);
      if (pattern === undefined) bad(`allowHosts[${i}] is not a hostname or *.hostname pattern`);
      const probe = pattern.startsWith('*.') ? `x.${pattern.slice(2)}` : pattern;
      if (classifyHost(probe, { internalSuffixes, allowSingleLabel }).deny) {
        bad(`allowHosts[${i}] names a refused host; an allowlist cannot unblock it`);
      }
      return pattern;
    });
  }
  let allowPorts: Set<number> | undefined;
  if (options.allowPorts !== undefined) {
    if (
      !Array.isArray(options.allowPorts) ||
      !options.allowPorts.every((p) => Number.isInteger(p) && p > 0 && p < 65536)
    ) {
      bad('allowPorts must be an array of ports (1-65535)');
    }
    allowPorts = new Set(options.allowPorts);
  }
  if (options.resolve !== undefined && typeof options.resolve !== 'function')
    bad('resolve must be a function');
  if (
    options.onResolverError !== undefined &&
    options.onResolverError !== 'deny' &&
    options.onResolverError !== 'allow'
  ) {
    bad('onResolverError must be "deny" or "allow"');
  }
  const maxUrlLength = options.maxUrlLength ?? DEFAULT_MAX_URL_LENGTH;
  if (!Number.isSafeInteger(maxUrlLength) || maxUrlLength < 1)
    bad('maxUrlLength must be a positive integer');
  const compiled: CompiledEgressOptions = Object.freeze({
    allowHosts,
    allowPorts,
    protocols,
    internalSuffixes,
    allowSingleLabel,
    resolve: options.resolve,
    failOpen: options.onResolverError === 'allow',
    maxUrlLength,
  });
  compiledSet.add(compiled);
  return compiled;
}

/** Everything but the resolver: scheme, userinfo, address, name, shape, port, allowlist. */
function checkEgressStatic(
  input: unknown,
  compiled: CompiledEgressOptions,
): Deny | { url: URL; host: HostVerdict } {
  const text = input instanceof URL ? input.href : input;
  if (typeof text !== 'string') return { allowed: false, reason: 'egress_invalid_url' };
  if (text.length > compiled.maxUrlLength) return { allowed: false, reason: 'egress_url_too_long' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { allowed: false, reason: 'egress_invalid_url' };
  }
  if (!compiled.protocols.has(url.protocol))
    return { allowed: false, reason: 'egress_scheme_not_allowed' };
  const authority = rawAuthority(text);
  if (url.username !== '' || url.password !== '' || authority.includes('@')) {
    return { allowed: false, reason: 'egress_userinfo' };
  }
  const host = classifyHost(url.hostname, compiled);
  if (host.deny) return host.deny;
  const shape = rawShapeProblem(
    text,
    authority,
    host.kind === 'ip' && !host.hostname.startsWith('[') ? url.hostname : undefined,
  );
  if (shape) return { allowed: false, reason: shape, hostname: host.hostname };
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (compiled.allowPorts && !compiled.allowPorts.has(port)) {
    return { allowed: false, reason: 'egress_port_not_allowed', hostname: host.hostname };
  }
  if (
    compiled.allowHosts &&
    !compiled.allowHosts.some((p) => matchesHostPattern(host.hostname, p))
  ) {
    return { allowed: false, reason: 'egress_host_not_allowlisted', hostname: host.hostname };
  }
  return { url, host };
}

async function resolveAndCheck(
  hostname: string,
  resolve: EgressResolver,
  failOpen: boolean,
): Promise<Deny | readonly string[] | undefined> {
  let addresses: unknown;
  try {
    addresses = await resolve(hostname);
  } catch {
    return failOpen ? undefined : { allowed: false, reason: 'egress_resolver_failed', hostname };
  }
  if (!Array.isArray(addresses)) {
    return failOpen ? undefined : { allowed: false, reason: 'egress_resolver_failed', hostname };
  }
  if (addresses.length === 0)
    return { allowed: false, reason: 'egress_resolver_no_addresses', hostname };
  for (const address of addresses) {
    const c = classifyAddress(address);
    if (c.kind === 'invalid')
      return { allowed: false, reason: 'egress_resolver_invalid_address', hostname };
    if (c.blocked) return { allowed: false, reason: c.blocked, hostname, address };
  }
  return [...addresses] as string[];
}

/**
 * Decides whether an agent may make a request to `url`. Refuses non-http(s) schemes,
 * userinfo, loopback, private, link-local, CGNAT, multicast, unspecified, broadcast,
 * reserved and cloud metadata addresses in every spelling the WHATWG URL parser accepts,
 * internal names (`localhost`, `*.internal`, `*.local`, ...), ambiguous spellings, and
 * hosts outside `allowHosts`. With `resolve`, a DNS name must resolve only to public
 * addresses; a resolver error denies unless `onResolverError: 'allow'`.
 */
export async function checkEgress(
  url: string | URL,
  options: EgressOptions | CompiledEgressOptions = {},
): Promise<EgressResult> {
  const compiled = isCompiled(options) ? options : compileEgressOptions(options);
  const verdict = checkEgressStatic(url, compiled);
  if ('allowed' in verdict) return verdict;
  const { url: parsed, host } = verdict;
  const ok: EgressResult = {
    allowed: true,
    reason: 'egress_allowed',
    url: parsed.href,
    hostname: host.hostname,
  };
  if (host.kind === 'name' && compiled.resolve) {
    const resolved = await resolveAndCheck(host.hostname, compiled.resolve, compiled.failOpen);
    if (resolved === undefined) return ok;
    if ('allowed' in resolved) return resolved;
    return { ...ok, addresses: resolved };
  }
  return ok;
}

function isCompiled(options: object): options is CompiledEgressOptions {
  return compiledSet.has(options);
}
