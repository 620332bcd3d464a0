import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLoopbackProvider } from '@argseal/test-kit/providers';
import type { TestProject } from './project.js';
import { type ClaudeRunOptions, type HostRun, spawnHost } from './run-claude.js';

const FEATURES_OFF = [
  'plugins',
  'apps',
  'remote_plugin',
  'plugin_sharing',
  'tool_suggest',
  'skill_mcp_dependency_install',
  'in_app_updates',
  'api_key_model_discovery',
  'browser_use',
  'computer_use',
  'image_generation',
  'unbounded_connection_retries',
  'incremental_tools',
  'tool_search',
  'tool_search_always_defer_mcp_tools',
];

/** Options of {@link runCodex}: as for Claude Code, plus `config.toml` lines (MCP servers). */
export interface CodexRunOptions extends ClaudeRunOptions {
  configToml?: string;
  /** Model name (default `gpt-5.5`, a model Codex knows, so `apply_patch` is offered). */
  model?: string;
  /** Put the hook in config.toml (`[[hooks.PreToolUse]]`) instead of `$CODEX_HOME/hooks.json`. */
  hooksInToml?: boolean;
}

/**
 * Runs the real Codex CLI (`codex exec`) against a loopback OpenAI Responses server that
 * replays `turns`, with the argseal hook in `$CODEX_HOME/hooks.json`, fully offline.
 */
export async function runCodex(
  bin: string,
  project: TestProject,
  options: CodexRunOptions,
): Promise<HostRun> {
  const provider = await startLoopbackProvider({
    api: 'openai-responses',
    turns: options.turns,
    lifetimeMs: 240_000,
  });
  try {
    const codexHome = join(project.home, 'codex');
    mkdirSync(codexHome, { recursive: true });
    const toml = [
      'model_provider = "fake"',
      `model = "${options.model ?? 'gpt-5.5'}"`,
      'check_for_update_on_startup = false',
      'web_search = "disabled"',
      '[model_providers.fake]',
      'name = "fake"',
      `base_url = "${provider.url}/v1"`,
      'env_key = "FAKE_API_KEY"',
      'wire_api = "responses"',
      'request_max_retries = 0',
      'stream_max_retries = 0',
      '[analytics]',
      'enabled = false',
      '[feedback]',
      'enabled = false',
      '[features]',
      ...FEATURES_OFF.map((f) => `${f} = false`),
      options.configToml ?? '',
    ];
    writeFileSync(join(codexHome, 'config.toml'), `${toml.join('\n')}\n`);
    const command = options.hookCommand ?? project.hookCommand('codex');
    const post = options.postHookCommand;
    writeFileSync(
      join(codexHome, 'hooks.json'),
      JSON.stringify({
        hooks: {
          PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command }] }],
          ...(post
            ? { PostToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: post }] }] }
            : {}),
        },
      }),
    );
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: project.home,
      TMPDIR: project.home,
      CODEX_HOME: codexHome,
      FAKE_API_KEY: 'test',
    };
    const args = [
      'exec',
      '--skip-git-repo-check',
      '--json',
      '-s',
      'workspace-write',
      '--dangerously-bypass-hook-trust',
      ...(options.args ?? []),
      'run the tool',
    ];
    const r = await spawnHost(bin, args, env, project.dir, 240_000);
    return { ...r, requests: provider.requests };
  } finally {
    await provider.close();
  }
}
