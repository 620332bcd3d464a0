import { ArgsealError } from './errors.js';
import { defaultSha256 } from './hash-default.js';
import { isWellFormedString } from './json/strict-domain.js';

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
 * A SHA-256 implementation: lowercase hex of the UTF-8 bytes of `text`. The default
 * depends on the runtime through the package's export conditions: on Node (condition
 * `node`) core's build uses `node:crypto`'s synchronous digest, elsewhere Web Crypto's
 * `crypto.subtle`. Pass one as `createAuthorizer({ sha256 })`,
 * `createMemoryAuditLog({ sha256 })` or `verifyAuditChain(records, { sha256 })`; any
 * implementation must produce identical output.
 */
export type Sha256Hex = (text: string) => string | Promise<string>;

/**
 * Lowercase hex SHA-256 of the UTF-8 bytes of `text` with the runtime's default
 * implementation (node:crypto on Node, Web Crypto elsewhere).
 */
export async function sha256Hex(text: string): Promise<string> {
  return defaultSha256(text);
}

/** @internal The digest to use: the caller's, or the runtime's default (may be synchronous). */
export function sha256Of(sha256: Sha256Hex | undefined): Sha256Hex {
  return sha256 ?? defaultSha256;
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

/** @internal The preimage of a proposal hash, after checking its parts. */
export function proposalPreimage(input: {
  agent: string;
  tool: string;
  argsCanonicalJson: string;
}): string {
  checkName('agent', input.agent);
  checkName('tool', input.tool);
  if (typeof input.argsCanonicalJson !== 'string' || input.argsCanonicalJson.length === 0) {
    throw new ArgsealError(
      'invalid_args_canonical_json',
      'computeProposalHash: argsCanonicalJson must be canonical JSON text',
    );
  }
  return `${PROPOSAL_HASH_PREFIX}{"agent":${JSON.stringify(input.agent)},"args":${input.argsCanonicalJson},"tool":${JSON.stringify(input.tool)}}`;
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
  return sha256Of(options?.sha256)(proposalPreimage(input));
}
