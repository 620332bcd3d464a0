import { quote } from '../display.js';
import { CliUsageError } from '../errors.js';
import { loadHooks } from './load-hooks.js';
import type { CliCommand } from './types.js';

const TARGETS = ['claude-code', 'codex', 'permission-server'];

/** `argseal hook <claude-code|codex|permission-server>`: the PreToolUse hook (from `@argseal/hooks`). */
export const hookCommand: CliCommand = {
  name: 'hook',
  synopsis: 'hook <claude-code|codex|permission-server> [--config FILE]',
  summary: 'PreToolUse hook for Claude Code and Codex (needs @argseal/hooks)',
  description: [
    "Reads the host's PreToolUse JSON on standard input, runs argseal's pipeline (policy,",
    'approvals bound to the exact call, audit) and prints the decision JSON (exit 0).',
    'Anything else blocks the call: exit 2 with one line on stderr and nothing on stdout.',
    '"permission-server" is the stdio MCP server behind Claude Code\'s',
    '--permission-prompt-tool mcp__argseal__approval.',
    'Config: --config FILE, $ARGSEAL_HOOK_CONFIG, or ~/.config/argseal/hook.json.',
  ].join('\n'),
  options: {
    config: {
      type: 'string',
      valueName: 'FILE',
      description: 'hook config (JSON or JS/TS module)',
    },
  },
  maxPositionals: 1,
  async run(args, io) {
    const [target] = args.positionals;
    if (target === undefined || !TARGETS.includes(target)) {
      throw new CliUsageError(
        target === undefined ? 'missing_argument' : 'unknown_host',
        `${target === undefined ? 'a host' : quote(target)}; expected ${TARGETS.join(', ')}`,
      );
    }
    const hooks = await loadHooks('hook');
    const config = args.values.config;
    return hooks.runHookCommand(target, typeof config === 'string' ? config : undefined, io);
  },
};
