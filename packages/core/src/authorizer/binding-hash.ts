import { BINDING_HASH_PREFIX, type Sha256Hex, sha256Hex } from '../hash.js';
import { canonicalize, decodeCanonical } from '../json/canonicalize.js';
import { parseJsonPointer } from '../json/json-pointer.js';
import type { JsonValue } from '../json/types.js';

/** Removes the value at `pointer` from `root` (a private decoded copy); missing paths are ignored. */
function removeAt(root: JsonValue, pointer: string): void {
  const tokens = parseJsonPointer(pointer);
  let node: JsonValue | undefined = root;
  for (let i = 0; i < tokens.length - 1; i++) {
    if (node === null || typeof node !== 'object') return;
    node = Array.isArray(node) ? node[Number(tokens[i])] : node[tokens[i] as string];
  }
  const last = tokens[tokens.length - 1] as string;
  if (
    node !== null &&
    typeof node === 'object' &&
    !Array.isArray(node) &&
    Object.hasOwn(node, last)
  ) {
    delete (node as Record<string, JsonValue>)[last];
  }
}

/**
 * The approval-binding hash of a tool with informational fields: SHA-256 of
 * `"argseal/v1/binding:" + JCS({"agent","args": <args without the fields>,"classification": version,"tool"})`.
 * Without informational fields, approvals bind to the proposal hash itself.
 */
export async function computeBindingHash(input: {
  agent: string;
  tool: string;
  argsCanonicalJson: string;
  informationalFields: readonly string[];
  classificationVersion: string;
  sha256?: Sha256Hex;
}): Promise<string> {
  const args = decodeCanonical(input.argsCanonicalJson);
  for (const pointer of input.informationalFields) removeAt(args, pointer);
  const envelope = {
    agent: input.agent,
    args,
    classification: input.classificationVersion,
    tool: input.tool,
  };
  return (input.sha256 ?? sha256Hex)(`${BINDING_HASH_PREFIX}${canonicalize(envelope)}`);
}
