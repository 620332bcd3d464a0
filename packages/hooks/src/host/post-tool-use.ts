import type { JsonObject } from '@argseal/core';
import type { HostName } from './hosts.js';

/** The after-the-tool events `argseal hook` records (`executed`). */
const POST_EVENTS = ['PostToolUse', 'PostToolUseFailure'] as const;

/** One of {@link POST_EVENTS}: Claude Code has both, Codex 0.169 only `PostToolUse`. */
export type PostEvent = (typeof POST_EVENTS)[number];

/** True for an event name in {@link POST_EVENTS}. */
export function isPostEvent(event: string): event is PostEvent {
  return (POST_EVENTS as readonly string[]).includes(event);
}

/**
 * How the call ended, as far as the host says (never its output):
 * `succeeded` / `failed` / `interrupted` (Claude Code), `completed` (Codex reports neither
 * success nor an exit status: its `tool_response` is the output text only).
 */
export interface ExecutedOutcome {
  event: PostEvent;
  outcome: 'succeeded' | 'failed' | 'interrupted' | 'completed';
  /** Shell exit status, when the host reports one (Claude Code's Bash). */
  exitCode?: number;
}

const EXIT_PREFIX = 'Exit code ';

/** The status in Claude Code's failure text `Exit code N\n…` (a prefix scan, no regex). */
function exitCodeOf(error: unknown): number | undefined {
  if (typeof error !== 'string' || !error.startsWith(EXIT_PREFIX)) return undefined;
  let n = 0;
  let digits = 0;
  for (let i = EXIT_PREFIX.length; i < error.length && digits < 4; i++, digits++) {
    const c = error.charCodeAt(i) - 48;
    if (c < 0 || c > 9) break;
    n = n * 10 + c;
  }
  return digits > 0 && digits < 4 ? n : undefined;
}

/** Reads the outcome of a decoded PostToolUse / PostToolUseFailure document. */
export function readOutcome(doc: JsonObject, event: PostEvent, host: HostName): ExecutedOutcome {
  const bash = doc.tool_name === 'Bash';
  if (host === 'codex') return { event, outcome: 'completed' };
  if (event === 'PostToolUseFailure') {
    if (doc.is_interrupt === true) return { event, outcome: 'interrupted' };
    const exitCode = bash ? exitCodeOf(doc.error) : undefined;
    return { event, outcome: 'failed', ...(exitCode !== undefined ? { exitCode } : {}) };
  }
  const response = doc.tool_response;
  const interrupted =
    typeof response === 'object' &&
    response !== null &&
    !Array.isArray(response) &&
    response.interrupted === true;
  if (interrupted) return { event, outcome: 'interrupted' };
  // Claude Code reports a non-zero exit as PostToolUseFailure: a Bash PostToolUse exited 0
  return { event, outcome: 'succeeded', ...(bash ? { exitCode: 0 } : {}) };
}
