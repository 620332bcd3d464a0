import type { JsonValue } from '@argseal/core';
import { parseStrictJson } from '@argseal/core/data';
import {
  canonicalize,
  isHashHex,
  sha256Hex,
  TOOL_DEFINITION_HASH_PREFIX,
} from '@argseal/core/store';
import { SqlStoreError, type SqlStoreErrorCode } from '../errors.js';

/** Largest definition text a pin store keeps (UTF-16 units). */
export const MAX_TOOL_DEFINITION_LENGTH = 1_048_576;

/** The fields of an MCP tool definition that are pinned (and nothing else may be). */
export const PINNED_TOOL_FIELDS = [
  'name',
  'title',
  'description',
  'inputSchema',
  'outputSchema',
  'annotations',
] as const;

const bad = (code: SqlStoreErrorCode, message: string) => new SqlStoreError(code, message);

/**
 * Checks that `definitionJson` is the RFC 8785 text of an object with only pinned fields and
 * that `definitionHash` is `SHA-256("argseal/v1/tool-definition:" + definitionJson)`, so an
 * approver who is shown the text approves exactly the hash a proxy enforces.
 *
 * Returns the definition's tool name.
 *
 * @throws {SqlStoreError} `invalid_pin_definition` (not strict JCS of such an object),
 * `definition_hash_mismatch` (the hash is not the text's).
 */
export async function assertToolDefinitionDigest(d: {
  definitionHash: unknown;
  definitionJson: unknown;
}): Promise<{ name: string }> {
  if (!isHashHex(d?.definitionHash))
    throw bad('invalid_pin_definition', 'definitionHash must be 64 lowercase hex');
  const text = d.definitionJson;
  if (typeof text !== 'string' || text.length > MAX_TOOL_DEFINITION_LENGTH)
    throw bad('invalid_pin_definition', 'definitionJson must be a string of at most 1 MiB');
  let value: JsonValue;
  try {
    value = parseStrictJson(text, { maxLength: MAX_TOOL_DEFINITION_LENGTH }) as JsonValue;
  } catch {
    throw bad('invalid_pin_definition', 'definitionJson is not strict JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw bad('invalid_pin_definition', 'definitionJson must be a JSON object');
  for (const key of Object.keys(value)) {
    if (!(PINNED_TOOL_FIELDS as readonly string[]).includes(key))
      throw bad('invalid_pin_definition', `definitionJson: field "${key}" is not pinned`);
  }
  if (typeof value.name !== 'string' || value.name === '')
    throw bad('invalid_pin_definition', 'definitionJson: /name must be a non-empty string');
  if (canonicalize(value) !== text)
    throw bad('invalid_pin_definition', 'definitionJson must be RFC 8785 canonical JSON');
  if ((await sha256Hex(TOOL_DEFINITION_HASH_PREFIX + text)) !== d.definitionHash)
    throw bad('definition_hash_mismatch', 'definitionHash is not the hash of definitionJson');
  return { name: value.name };
}
