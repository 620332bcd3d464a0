// The wire shapes of approval over MCP tasks: SEP-2848 (`io.modelcontextprotocol/tool-approval`,
// draft of 2026-06-02) on the Tasks extension SEP-2663 (`io.modelcontextprotocol/tasks`,
// revision 2026-07-28). See the README section "Approval over MCP tasks (SEP-2848)".
import type { JsonObject } from '@argseal/core';

/** The Tasks extension (SEP-2663). */
const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** The tool-approval extension (SEP-2848, draft). */
const TOOL_APPROVAL_EXTENSION = 'io.modelcontextprotocol/tool-approval';
/** `_meta` key of a completed approval task's execution outcome (SEP-2848). */
const DISPOSITION_KEY = 'io.modelcontextprotocol/tool-approval-disposition';
/** `_meta` key of per-request client capabilities (revision 2026-07-28). */
const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';

/** SEP-2848's execution outcome of a completed approval task. */
export type Disposition =
  | 'approved-executed'
  | 'denied-not-executed'
  | 'execution-error'
  | 'outcome-unknown';

/** Status of a task (SEP-2663). */
export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

const isRecord = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** True when `capabilities.extensions` declares the Tasks extension with an object. */
export function declaresTasks(capabilities: unknown): boolean {
  if (!isRecord(capabilities)) return false;
  const extensions = capabilities.extensions;
  return isRecord(extensions) && isRecord(extensions[TASKS_EXTENSION]);
}

/** True when a request's `_meta` declares the Tasks extension in its per-request capabilities. */
export function requestDeclaresTasks(params: JsonObject | undefined): boolean {
  const meta = params?._meta;
  return isRecord(meta) && declaresTasks(meta[CLIENT_CAPABILITIES_KEY]);
}

/** The server capabilities with both extensions added to `extensions`. */
export function withTaskExtensions(capabilities: JsonObject): JsonObject {
  const extensions = isRecord(capabilities.extensions) ? capabilities.extensions : {};
  return {
    ...capabilities,
    extensions: { ...extensions, [TASKS_EXTENSION]: {}, [TOOL_APPROVAL_EXTENSION]: {} },
  };
}

/**
 * A completed approval task's `CallToolResult`: `result` (the upstream's, or argseal's own
 * for an outcome without one) with one more text block that says in words whether the tool
 * ran, and the disposition in `_meta` (SEP-2848: body and disposition agree).
 */
export function dispositionResult(
  disposition: Disposition,
  sentence: string,
  result?: JsonObject,
): JsonObject {
  const content = Array.isArray(result?.content) ? result.content : [];
  const meta = isRecord(result?._meta) ? result._meta : {};
  return {
    ...result,
    content: [...content, { type: 'text', text: sentence }],
    ...(disposition === 'approved-executed' ? {} : { isError: true }),
    _meta: { ...meta, [DISPOSITION_KEY]: disposition },
  };
}
