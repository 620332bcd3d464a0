import type { DetectorMatch } from '../types.js';

/**
 * A private key's armour line: PEM (`-----BEGIN RSA PRIVATE KEY-----`, `EC`, `DSA`,
 * `ENCRYPTED`, `OPENSSH`, none), PGP (`... PRIVATE KEY BLOCK-----`) and SSH2
 * (`---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----`). The label is words of capitals and
 * digits each followed by one space: one way to match, linear time.
 */
const BEGIN = /-{4,5} ?BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)? ?-{4,5}/g;
const END = /-{4,5} ?END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)? ?-{4,5}/g;
/** Farthest an END line is looked for: larger than any key a tool call would carry. */
const MAX_BLOCK = 16 * 1024;
/** Characters of a PEM body and its headers (`Proc-Type: 4,ENCRYPTED`, `DEK-Info: ...`). */
const BODY = /[A-Za-z0-9+/=:,"\- \t\r\n]/;
/** A line that starts a body: a header, or at least 16 base64 characters. */
const BODY_START = /^\r?\n(?:[A-Za-z][A-Za-z0-9-]{0,30}: |[A-Za-z0-9+/=]{16})/;

/** End of a block without its END line: as far as its body's characters go (bounded). */
function bodyEnd(text: string, from: number): number {
  if (!BODY_START.test(text.slice(from, from + 40))) return -1;
  let e = from;
  while (e < text.length && e - from < MAX_BLOCK && BODY.test(text[e]!)) e++;
  while (e > from && /\s/.test(text[e - 1]!)) e--;
  return e;
}

/**
 * Every private key block: from its BEGIN line to its END line, whatever lies between
 * (a key that starts `MHcC`, a 64-character Ed25519 key, `Proc-Type` headers, an
 * encrypted or OpenSSH key). A block without an END line (cut off) is a key when its
 * next line is a header or base64, and covers its body. A BEGIN line alone in prose is
 * not a key. Linear: each BEGIN inside a found block is skipped, and END lines are
 * matched in one forward pass.
 */
export function findPrivateKeys(text: string): DetectorMatch[] {
  if (!text.includes('PRIVATE KEY')) return [];
  const ends = [...text.matchAll(END)].map((m) => [m.index, m.index + m[0].length] as const);
  const out: DetectorMatch[] = [];
  let j = 0;
  let covered = 0;
  for (const b of text.matchAll(BEGIN)) {
    if (b.index < covered) continue;
    const after = b.index + b[0].length;
    while (j < ends.length && ends[j]![0] < after) j++;
    const end = ends[j];
    let stop = end !== undefined && end[0] - after <= MAX_BLOCK ? end[1] : -1;
    if (stop < 0) stop = bodyEnd(text, after);
    if (stop < 0) continue;
    out.push({ start: b.index, end: stop, rule: 'privatekey' });
    covered = stop;
  }
  return out;
}
