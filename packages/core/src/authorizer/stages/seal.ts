import { proposalPreimage, type Sha256Hex, sha256Of } from '../../hash.js';
import { canonicalize } from '../../json/canonicalize.js';
import { createSnapshot } from '../../json/snapshot.js';
import type { ReadonlyJsonValue } from '../../json/types.js';
import type { ArgsealTool } from '../../tool/types.js';
import { computeBindingHash } from '../binding-hash.js';

/** A call's identity: its snapshot, canonical text and hashes. */
export interface Sealed {
  /** Deep-frozen, detached from whatever the schema returned. */
  snapshot: ReadonlyJsonValue;
  argsCanonicalJson: string;
  proposalHash: string;
  /** The proposal hash, or the hash without the tool's informational fields. */
  bindingHash: string;
}

/** What the seal stage reads from the authorizer's settings. */
export interface SealSettings {
  agent: string;
  maxDepth: number | undefined;
  sha256: Sha256Hex | undefined;
}

/**
 * Stage `snapshot`: the schema output becomes a deep-frozen snapshot (strict domain),
 * canonicalized once (RFC 8785), hashed once into the proposal hash (and the binding hash
 * when the tool has informational fields). The synchronous digest (node:crypto) answers
 * without a promise; `sealed` is then returned as is.
 */
export function seal(s: SealSettings, tool: ArgsealTool, value: unknown): Sealed | Promise<Sealed> {
  const snapshot = createSnapshot(value, { maxDepth: s.maxDepth, tool: tool.name });
  const argsCanonicalJson = canonicalize(snapshot);
  const digest = sha256Of(s.sha256)(
    proposalPreimage({ agent: s.agent, tool: tool.name, argsCanonicalJson }),
  );
  if (typeof digest === 'string' && tool.informationalFields.length === 0)
    return { snapshot, argsCanonicalJson, proposalHash: digest, bindingHash: digest };
  return withBindingHash(s, tool, snapshot, argsCanonicalJson, digest);
}

async function withBindingHash(
  s: SealSettings,
  tool: ArgsealTool,
  snapshot: ReadonlyJsonValue,
  argsCanonicalJson: string,
  digest: string | Promise<string>,
): Promise<Sealed> {
  const proposalHash = await digest;
  const bindingHash =
    tool.informationalFields.length > 0
      ? await computeBindingHash({
          agent: s.agent,
          tool: tool.name,
          argsCanonicalJson,
          informationalFields: tool.informationalFields,
          classificationVersion: tool.classificationVersion as string,
          sha256: s.sha256,
        })
      : proposalHash;
  return { snapshot, argsCanonicalJson, proposalHash, bindingHash };
}
