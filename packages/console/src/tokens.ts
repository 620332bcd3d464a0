import { createHash } from 'node:crypto';
import { canonicalIdentity } from '@argseal/core';
import { ConsoleError } from './errors.js';

/** Shortest token the console accepts. Tokens are secrets, not passwords to remember. */
export const MIN_TOKEN_LENGTH = 16;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;
const TOKEN = /^[\x21-\x7e]+$/;

/**
 * Tokens as given: the env format `name:token,name:token`, a `{ name: token }` record,
 * or a list of `{ name, token }` entries.
 */
export type TokenInput =
  | string
  | Readonly<Record<string, string>>
  | readonly { readonly name: string; readonly token: string }[];

export type TokenRole = 'approver' | 'agent';

/** Looks up an identity by a presented token. Holds only SHA-256 digests of tokens. */
export interface TokenRegistry {
  readonly size: number;
  lookup(token: string): string | undefined;
}

const digestToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

function entries(input: TokenInput | undefined, role: TokenRole): [string, string][] {
  if (input === undefined) return [];
  if (typeof input === 'string') {
    return input
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map((part) => {
        const at = part.indexOf(':');
        if (at <= 0) {
          throw new ConsoleError(
            'invalid_token_entry',
            `${role} tokens: expected comma-separated name:token pairs`,
          );
        }
        return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
      });
  }
  if (Array.isArray(input)) return input.map((e) => [e?.name, e?.token] as [string, string]);
  if (typeof input === 'object' && input !== null) return Object.entries(input);
  throw new ConsoleError('invalid_token_entry', `${role} tokens: unsupported format`);
}

/**
 * Parses and checks tokens: names match `[A-Za-z0-9][A-Za-z0-9._@-]{0,63}`, tokens are printable
 * ASCII of at least {@link MIN_TOKEN_LENGTH} characters, no token appears twice. Codes:
 * `invalid_token_entry`, `invalid_token_name`, `weak_token`, `duplicate_token`,
 * `ambiguous_token_name` (two names that are one identity, e.g. `bob` and `Bob`).
 */
export function createTokenRegistry(input: TokenInput | undefined, role: TokenRole): TokenRegistry {
  const byDigest = new Map<string, string>();
  const spellings = new Map<string, string>();
  for (const [name, token] of entries(input, role)) {
    if (typeof name !== 'string' || !NAME.test(name)) {
      throw new ConsoleError(
        'invalid_token_name',
        `${role} tokens: a name must match [A-Za-z0-9._@-], 1-64 characters`,
      );
    }
    if (typeof token !== 'string' || !TOKEN.test(token) || token.length < MIN_TOKEN_LENGTH) {
      throw new ConsoleError(
        'weak_token',
        `${role} token for "${name}" must be printable ASCII of at least ${MIN_TOKEN_LENGTH} characters`,
      );
    }
    const digest = digestToken(token);
    if (byDigest.has(digest))
      throw new ConsoleError('duplicate_token', `${role} tokens: a token is listed twice`);
    // one person, one identity: `bob` and `Bob` would count as two approvers on screen
    const identity = canonicalIdentity(name);
    const spelled = spellings.get(identity);
    if (spelled !== undefined && spelled !== name)
      throw new ConsoleError(
        'ambiguous_token_name',
        `${role} tokens: "${spelled}" and "${name}" are one identity; spell a name one way`,
      );
    spellings.set(identity, name);
    byDigest.set(digest, name);
  }
  return {
    size: byDigest.size,
    lookup: (token) =>
      typeof token === 'string' && token !== '' ? byDigest.get(digestToken(token)) : undefined,
  };
}

/** Refuses an approver token that is also an agent token (roles stay separate). */
export function assertDisjoint(
  approvers: TokenInput | undefined,
  agents: TokenInput | undefined,
): void {
  const a = new Set(entries(approvers, 'approver').map(([, t]) => t));
  for (const [, t] of entries(agents, 'agent')) {
    if (a.has(t))
      throw new ConsoleError('duplicate_token', 'a token is both an approver and an agent token');
  }
}
