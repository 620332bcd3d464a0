import { ArgsealError } from './errors.js';
import { isWellFormedString } from './json/strict-domain.js';

const encoder = new TextEncoder();
const HEX: string[] = [];
for (let i = 0; i < 256; i++) HEX.push(i.toString(16).padStart(2, '0'));

/** Domain prefix of proposal hashes. Changing it is a breaking change. */
export const PROPOSAL_HASH_PREFIX = 'argseal/v1/proposal:';
/** Domain prefix of approval-binding hashes (tools with informational fields). */
export const BINDING_HASH_PREFIX = 'argseal/v1/binding:';
/**
 * Domain prefix of MCP tool-definition hashes (`@argseal/mcp` pinning): SHA-256 of
 * `"argseal/v1/tool-definition:" + JCS({annotations?, description?, inputSchema?, name,
 * outputSchema?, title?})`, absent fields omitted. Changing it is a breaking change.
 */
export const TOOL_DEFINITION_HASH_PREFIX = 'argseal/v1/tool-definition:';

/**
 * A SHA-256 implementation: lowercase hex of the UTF-8 bytes of `text`. The default is
 * Web Crypto; on Node a synchronous `node:crypto` digest avoids the thread-pool hop of
 * `crypto.subtle` (see `createAuthorizer({ sha256 })`). Any implementation must produce
 * identical output.
 */
export type Sha256Hex = (text: string) => string | Promise<string>;

/** Lowercase hex SHA-256 of the UTF-8 bytes of `text` (Web Crypto). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text));
  const bytes = new Uint8Array(digest);
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += HEX[bytes[i] as number];
  return out;
}

/** True for a 64-character lowercase hex string. */
export function isHashHex(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}

function checkName(label: string, value: unknown): asserts value is string {
  if (typeof value !== 'string' || value.length === 0 || !isWellFormedString(value)) {
    throw new ArgsealError(
      `invalid_${label}`,
      `computeProposalHash: ${label} must be a non-empty well-formed string`,
    );
  }
}

/**
 * The proposal hash: lowercase hex SHA-256 of
 * `"argseal/v1/proposal:" + JCS({"agent": agent, "args": <args>, "tool": tool})`.
 * `argsCanonicalJson` must already be RFC 8785 text (from `canonicalize`).
 */
export async function computeProposalHash(
  input: {
    agent: string;
    tool: string;
    argsCanonicalJson: string;
  },
  options?: { sha256?: Sha256Hex },
): Promise<string> {
  checkName('agent', input.agent);
  checkName('tool', input.tool);
  if (typeof input.argsCanonicalJson !== 'string' || input.argsCanonicalJson.length === 0) {
    throw new ArgsealError(
      'invalid_args_canonical_json',
      'computeProposalHash: argsCanonicalJson must be canonical JSON text',
    );
  }
  return (options?.sha256 ?? sha256Hex)(
    `${PROPOSAL_HASH_PREFIX}{"agent":${JSON.stringify(input.agent)},"args":${input.argsCanonicalJson},"tool":${JSON.stringify(input.tool)}}`,
  );
}
