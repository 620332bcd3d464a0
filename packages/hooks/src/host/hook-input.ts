import type { JsonObject, JsonValue } from '@argseal/core';
import { canonicalize, parseStrictJson } from '@argseal/core/data';
import { HookError } from '../errors.js';
import type { HostName } from './hosts.js';
import { MAX_INPUT_BYTES } from './read-text.js';
import { assertNoReservedKeys } from './reserved-keys.js';

/**
 * Server context of one hook call: what the host says about the session, never part of
 * the call's arguments (and so never part of its proposal hash). Policies read it as
 * `input.context`.
 */
export interface HookContext {
  host: HostName;
  sessionId: string;
  cwd: string;
  /** The OS user running the hook (the host's user). */
  user: string;
  permissionMode?: string;
  transcriptPath?: string;
  /** Codex only. */
  turnId?: string;
  model?: string;
  /** Claude Code, for MCP tools: the server's name as configured. */
  mcpServer?: string;
}

/** A PreToolUse call as read from the host's stdin. */
export interface HookCall {
  tool: string;
  toolCallId: string;
  /**
   * RFC 8785 text of `tool_input` as strictly decoded from the host's stdin text (duplicate
   * keys, unsafe integers, lone surrogates rejected in the whole document).
   */
  inputText: string;
  /**
   * `provider_text`: `inputText` comes from the host's own stdin text, decoded strictly as a
   * whole (the hook). `decoded_only`: from an object someone else decoded (the permission
   * prompt tool's MCP arguments); accepted only as the resume of a call the hook proposed.
   */
  provenance: 'provider_text' | 'decoded_only';
  context: HookContext;
}

function fail(message: string, path: string): never {
  throw new HookError('input', 'invalid_hook_input', message, { path });
}

function requiredString(doc: JsonObject, key: string): string {
  const v = doc[key];
  if (typeof v !== 'string' || v.length === 0)
    fail(`"${key}" must be a non-empty string`, `/${key}`);
  return v;
}

function optionalString(doc: JsonObject, key: string): string | undefined {
  const v = doc[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') fail(`"${key}" must be a string`, `/${key}`);
  return v;
}

function mcpServerName(doc: JsonObject): string | undefined {
  const s = doc.mcp_server;
  if (s === undefined || s === null) return undefined;
  if (typeof s !== 'object' || Array.isArray(s))
    fail('"mcp_server" must be an object', '/mcp_server');
  const name = (s as JsonObject).name;
  return typeof name === 'string' ? name : undefined;
}

/** Decodes a hook's stdin text with parseStrictJson (whole document) into an object. */
export function decodeHookDocument(text: string): JsonObject {
  const doc: JsonValue = parseStrictJson(text, { maxLength: MAX_INPUT_BYTES });
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    fail('hook input must be a JSON object', '');
  }
  return doc;
}

/** The hook event a decoded document names (`hook_event_name`). */
export function hookEventOf(doc: JsonObject): string {
  return requiredString(doc, 'hook_event_name');
}

/** The call (tool, canonical input, context) of a decoded PreToolUse / PostToolUse document. */
export function readHookCall(doc: JsonObject, host: HostName, user: string): HookCall {
  const tool = requiredString(doc, 'tool_name');
  const input = doc.tool_input;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    fail('"tool_input" must be an object', '/tool_input');
  }
  assertNoReservedKeys(input, '/tool_input');
  const context: HookContext = {
    host,
    sessionId: requiredString(doc, 'session_id'),
    cwd: requiredString(doc, 'cwd'),
    user,
  };
  const extra: [keyof HookContext, string | undefined][] = [
    ['permissionMode', optionalString(doc, 'permission_mode')],
    ['transcriptPath', optionalString(doc, 'transcript_path')],
    ['turnId', optionalString(doc, 'turn_id')],
    ['model', optionalString(doc, 'model')],
    ['mcpServer', mcpServerName(doc)],
  ];
  for (const [k, v] of extra) if (v !== undefined) (context as unknown as JsonObject)[k] = v;
  return {
    tool,
    toolCallId: requiredString(doc, 'tool_use_id'),
    inputText: canonicalize(input),
    provenance: 'provider_text',
    context,
  };
}

/**
 * Decodes the host's PreToolUse JSON with parseStrictJson (throws core's
 * ToolArgumentsValidationError, stage `decode`, on malformed text) and checks its fields
 * (HookError `invalid_hook_input` with the field's JSON Pointer, `unsupported_event`).
 */
export function parseHookInput(text: string, host: HostName, user: string): HookCall {
  const doc = decodeHookDocument(text);
  if (hookEventOf(doc) !== 'PreToolUse') {
    throw new HookError('input', 'unsupported_event', 'only PreToolUse events are handled', {
      path: '/hook_event_name',
    });
  }
  return readHookCall(doc, host, user);
}
