import type { JsonObject, JsonValue } from '@argseal/core';
import { canonicalize } from '@argseal/core/data';
import { HookError } from '../errors.js';
import type { HookCall } from '../host/hook-input.js';
import { assertNoReservedKeys } from '../host/reserved-keys.js';

/**
 * The call Claude Code hands `--permission-prompt-tool`: `{ tool_name, input, tool_use_id }`
 * as MCP tool arguments. Throws HookError `invalid_hook_input` naming the field.
 */
export function permissionCall(args: unknown, cwd: string, user: string): HookCall {
  const a = (typeof args === 'object' && args !== null ? args : {}) as Record<string, unknown>;
  const tool = a.tool_name;
  if (typeof tool !== 'string' || tool === '') {
    throw new HookError('input', 'invalid_hook_input', '"tool_name" must be a non-empty string', {
      path: '/tool_name',
    });
  }
  const input = a.input;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new HookError('input', 'invalid_hook_input', '"input" must be an object', {
      path: '/input',
    });
  }
  assertNoReservedKeys(input as JsonObject, '/input');
  const id = a.tool_use_id;
  if (id !== undefined && (typeof id !== 'string' || id === '')) {
    throw new HookError('input', 'invalid_hook_input', '"tool_use_id" must be a non-empty string', {
      path: '/tool_use_id',
    });
  }
  return {
    tool,
    toolCallId: (id as string | undefined) ?? globalThis.crypto.randomUUID(),
    // canonicalize runs the strict-domain check on the decoded value
    inputText: canonicalize(input as JsonValue),
    // JSON-RPC arguments the MCP SDK decoded: the kit accepts them only as the resume of the
    // proposal the hook made from the host's strictly decoded text for this tool_use_id
    provenance: 'decoded_only',
    context: { host: 'claude-code', sessionId: '', cwd, user },
  };
}
