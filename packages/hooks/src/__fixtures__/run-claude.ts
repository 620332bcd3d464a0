import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type LoopbackRequest,
  type ScriptedProviderTurn,
  startLoopbackProvider,
} from '@argseal/test-kit/providers';
import type { TestProject } from './project.js';

/** What one `claude -p` run did. */
export interface HostRun {
  status: number | null;
  stdout: string;
  stderr: string;
  requests: readonly LoopbackRequest[];
}

/** Spawns a host process and collects its output (bounded by `timeoutMs`, then killed). */
export function spawnHost(
  bin: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  timeoutMs = 90_000,
) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(bin, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

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
export async function runClaude(
  bin: string,
  project: TestProject,
  options: ClaudeRunOptions,
): Promise<HostRun> {
  const provider = await startLoopbackProvider({
    api: 'anthropic-messages',
    turns: options.turns,
    lifetimeMs: 240_000,
  });
  try {
    const settings = join(project.home, 'settings.json');
    const command = options.hookCommand ?? project.hookCommand('claude-code');
    const post = options.postHookCommand;
    const after = post && [
      { matcher: '*', hooks: [{ type: 'command', command: post, timeout: 120 }] },
    ];
    writeFileSync(
      settings,
      // as documented: a hook that cannot start, times out or exits oddly blocks the call
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: '*',
              hooks: [{ type: 'command', command, timeout: 120, onFailure: 'block' }],
            },
          ],
          ...(after ? { PostToolUse: after, PostToolUseFailure: after } : {}),
        },
      }),
    );
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: project.home,
      TMPDIR: project.home,
      ANTHROPIC_BASE_URL: provider.url,
      ANTHROPIC_API_KEY: 'test',
      DISABLE_TELEMETRY: '1',
      DISABLE_AUTOUPDATER: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      CLAUDE_CODE_MAX_RETRIES: '0',
    };
    const args = [
      '-p',
      'run the tool',
      '--output-format',
      'json',
      '--settings',
      settings,
      ...(options.args ?? []),
    ];
    const r = await spawnHost(bin, args, env, project.dir, 240_000);
    return { ...r, requests: provider.requests };
  } finally {
    await provider.close();
  }
}
