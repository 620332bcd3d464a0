import type { EgressReason } from './reasons.js';

/** C0 controls, space and DEL, which WHATWG strips or trims but other parsers keep. */
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Removes leading and trailing C0 controls and spaces by index: linear, no backtracking. */
function trimC0AndSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/**
 * The authority of the raw URL text as WHATWG would delimit it for a special scheme:
 * after `scheme:` and any run of `/` or `\`, up to the first `/`, `\`, `?` or `#`.
 * Tabs and newlines are removed first, as the URL parser does.
 */
export function rawAuthority(text: string): string {
  const cleaned = trimC0AndSpace(text.replace(/[\t\n\r]/g, ''));
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(cleaned);
  const rest = scheme ? cleaned.slice(scheme[0].length) : cleaned;
  const afterSlashes = rest.replace(/^[/\\]*/, '');
  const end = afterSlashes.search(/[/\\?#]/);
  return end === -1 ? afterSlashes : afterSlashes.slice(0, end);
}

/**
 * Spellings that WHATWG accepts but another parser (the HTTP client, a proxy, curl)
 * may read as another host: control characters or surrounding spaces, a backslash
 * before the query, a scheme without `//`, percent-encoding in the host, or an IPv4
 * literal in anything but canonical dotted decimal (`0x7f.1`, `2130706433`, `8.8.8.8.`).
 */
export function rawShapeProblem(
  text: string,
  authority: string,
  ipv4Hostname: string | undefined,
): Extract<EgressReason, 'egress_ambiguous_url' | 'egress_noncanonical_ip'> | undefined {
  if (CONTROL.test(text) || text !== text.trim()) return 'egress_ambiguous_url';
  const beforeQuery = text.split(/[?#]/, 1)[0]!;
  if (beforeQuery.includes('\\')) return 'egress_ambiguous_url';
  if (!/^https?:\/\//i.test(text)) return 'egress_ambiguous_url';
  if (authority.includes('%')) return 'egress_ambiguous_url';
  if (ipv4Hostname !== undefined) {
    const rawHost = authority.startsWith('[') ? authority : authority.split(':', 1)[0]!;
    if (rawHost !== ipv4Hostname) return 'egress_noncanonical_ip';
  }
  return undefined;
}
