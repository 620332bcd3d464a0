import { createHash } from 'node:crypto';
import type { JsonObject, JsonValue } from '@argseal/core';
import { canonicalize, TOOL_DEFINITION_HASH_PREFIX } from '@argseal/core/data';
import { PINNED_TOOL_FIELDS } from '@argseal/postgres';

/** The fields of an MCP tool definition that are pinned, in the order MCP lists them. */
export const PINNED_FIELDS = PINNED_TOOL_FIELDS;

/** A tool definition reduced to its pinned fields, canonicalized and hashed. */
export interface DefinitionDigest {
  definitionJson: string;
  definitionHash: string;
}

/**
 * Hashes what a host and its model see of a tool: SHA-256 of
 * `"argseal/v1/tool-definition:" + JCS(<pinned fields present>)`. Absent fields are
 * omitted (not null). Returns `undefined` for a definition outside the JSON domain
 * (it is then withheld, never pinned).
 */
export function digestDefinition(tool: JsonObject): DefinitionDigest | undefined {
  const picked: JsonObject = {};
  for (const field of PINNED_TOOL_FIELDS) {
    if (tool[field] !== undefined) picked[field] = tool[field] as JsonValue;
  }
  let definitionJson: string;
  try {
    definitionJson = canonicalize(picked);
  } catch {
    return undefined;
  }
  const definitionHash = createHash('sha256')
    .update(TOOL_DEFINITION_HASH_PREFIX + definitionJson, 'utf8')
    .digest('hex');
  return { definitionJson, definitionHash };
}
