import { type RealHostRun, runRealHost } from '@argseal/test-kit/hosts';
import type { ScriptedProviderTurn } from '@argseal/test-kit/providers';
import type { TestProject } from './project.js';

/** What one host run did (test-kit's real-host runner). */
export type HostRun = RealHostRun;

/** Options of {@link runClaude}. */
export interface ClaudeRunOptions {
  turns: ScriptedProviderTurn[];
  /** The PreToolUse hook command (default: the project's `claude-code` hook). */
  hookCommand?: string;
  /** Extra CLI arguments (`--mcp-config`, `--permission-prompt-tool`). */
  args?: string[];
  /** Also run this command as the PostToolUse (and Claude Code's PostToolUseFailure) hook. */
  postHookCommand?: string;
}

/**
 * Runs the real Claude Code in print mode against a loopback Anthropic Messages server that
 * replays `turns`, with the argseal hook as its only PreToolUse hook, fully offline.
 */
export function runClaude(
  bin: string,
  project: TestProject,
  options: ClaudeRunOptions,
): Promise<HostRun> {
  const command = options.hookCommand ?? project.hookCommand('claude-code');
  const post = options.postHookCommand;
  const after = post && [
    { matcher: '*', hooks: [{ type: 'command', command: post, timeout: 120 }] },
  ];
  return runRealHost({
    host: 'claude-code',
    bin,
    cwd: project.dir,
    home: project.home,
    turns: options.turns,
    // as documented: a hook that cannot start, times out or exits oddly blocks the call
    settings: {
      hooks: {
        PreToolUse: [
          { matcher: '*', hooks: [{ type: 'command', command, timeout: 120, onFailure: 'block' }] },
        ],
        ...(after ? { PostToolUse: after, PostToolUseFailure: after } : {}),
      },
    },
    args: options.args ?? [],
  });
}
