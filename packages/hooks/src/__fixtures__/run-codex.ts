import { runRealHost } from '@argseal/test-kit/hosts';
import type { TestProject } from './project.js';
import type { ClaudeRunOptions, HostRun } from './run-claude.js';

/** Options of {@link runCodex}: as for Claude Code, plus `config.toml` lines (MCP servers). */
export interface CodexRunOptions extends ClaudeRunOptions {
  configToml?: string;
  /** Model name (default `gpt-5.5`, a model Codex knows, so `apply_patch` is offered). */
  model?: string;
}

/**
 * Runs the real Codex CLI (`codex exec`) against a loopback OpenAI Responses server that
 * replays `turns`, with the argseal hook in `$CODEX_HOME/hooks.json`, fully offline.
 */
export function runCodex(
  bin: string,
  project: TestProject,
  options: CodexRunOptions,
): Promise<HostRun> {
  const command = options.hookCommand ?? project.hookCommand('codex');
  const post = options.postHookCommand;
  return runRealHost({
    host: 'codex',
    bin,
    cwd: project.dir,
    home: project.home,
    turns: options.turns,
    hooks: {
      hooks: {
        PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command }] }],
        ...(post
          ? { PostToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: post }] }] }
          : {}),
      },
    },
    ...(options.configToml !== undefined ? { configToml: options.configToml } : {}),
    ...(options.model !== undefined ? { model: options.model } : {}),
    args: options.args ?? [],
  });
}
