import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startLoopbackProvider } from '../providers/loopback-server.js';
import type { LoopbackRequest, ScriptedProviderTurn } from '../providers/types.js';
import { writeCodexHome } from './codex-home.js';
import { type CollectedRun, spawnAndCollect } from './spawn-collect.js';

/** A real agent host the tests drive offline. */
export type RealHost = 'claude-code' | 'codex';

/** Options of {@link runRealHost}. */
export interface RealHostRunOptions {
  host: RealHost;
  /** The host binary (ARGSEAL_CLAUDE_BIN / ARGSEAL_CODEX_BIN). */
  bin: string;
  /** The host's working directory (the project). */
  cwd: string;
  /** Its own HOME and TMPDIR (Codex's CODEX_HOME is `<home>/codex`). */
  home: string;
  /** The scripted model turns the loopback provider replays. */
  turns: ScriptedProviderTurn[];
  /** The user prompt. Default `run the tool`. */
  prompt?: string;
  /** Claude Code: `--settings` content (hooks), written to `<home>/settings.json`. */
  settings?: object;
  /** Codex: `$CODEX_HOME/hooks.json` content. */
  hooks?: object;
  /** Codex: extra `config.toml` lines (MCP servers, hooks in TOML). */
  configToml?: string;
  /** Codex: model name (default `gpt-5.5`, one Codex knows, so `apply_patch` is offered). */
  model?: string;
  /** Extra CLI arguments before the prompt (`--mcp-config`, `--permission-prompt-tool`). */
  args?: readonly string[];
  /** Extra environment (`IS_SANDBOX`, `MCP_TIMEOUT`). */
  env?: NodeJS.ProcessEnv;
  /** Killed after this long. Default 240 s. */
  timeoutMs?: number;
}

/** What one host run did: its output and every request it sent the fake model. */
export interface RealHostRun extends CollectedRun {
  requests: readonly LoopbackRequest[];
}

/**
 * Runs the real Claude Code (`claude -p`, Anthropic Messages) or Codex (`codex exec`, OpenAI
 * Responses) against a loopback provider replaying `turns`, fully offline: the environment
 * and flags of ../shared/notes/agent-hosts-offline.md, nothing inherited but PATH.
 */
export async function runRealHost(o: RealHostRunOptions): Promise<RealHostRun> {
  const timeoutMs = o.timeoutMs ?? 240_000;
  const provider = await startLoopbackProvider({
    api: o.host === 'claude-code' ? 'anthropic-messages' : 'openai-responses',
    turns: o.turns,
    lifetimeMs: timeoutMs,
  });
  try {
    const prompt = o.prompt ?? 'run the tool';
    const base = { PATH: process.env.PATH, HOME: o.home, TMPDIR: o.home };
    let env: NodeJS.ProcessEnv;
    let args: string[];
    if (o.host === 'claude-code') {
      const settings = join(o.home, 'settings.json');
      if (o.settings) writeFileSync(settings, JSON.stringify(o.settings));
      env = {
        ...base,
        ANTHROPIC_BASE_URL: provider.url,
        ANTHROPIC_API_KEY: 'test',
        DISABLE_TELEMETRY: '1',
        DISABLE_AUTOUPDATER: '1',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        CLAUDE_CODE_MAX_RETRIES: '0',
      };
      args = ['-p', prompt, '--output-format', 'json'];
      if (o.settings) args.push('--settings', settings);
      args.push(...(o.args ?? []));
    } else {
      const codexHome = join(o.home, 'codex');
      writeCodexHome(codexHome, {
        baseUrl: provider.url,
        model: o.model ?? 'gpt-5.5',
        extraToml: o.configToml,
        hooks: o.hooks,
      });
      env = { ...base, CODEX_HOME: codexHome, FAKE_API_KEY: 'test' };
      args = ['exec', '--skip-git-repo-check', '--json', '-s', 'workspace-write'];
      args.push('--dangerously-bypass-hook-trust', ...(o.args ?? []), prompt);
    }
    const r = await spawnAndCollect(o.bin, args, {
      cwd: o.cwd,
      env: { ...env, ...o.env },
      timeoutMs,
    });
    return { ...r, requests: provider.requests };
  } finally {
    await provider.close();
  }
}
