import type { RewriteHook, ToolPolicy } from '@argseal/core';
import type { PolicyRule } from '@argseal/policies/compose';
import type { HookContext } from '../host/hook-input.js';
import type { MaterialContextKey } from '../pipeline/material-context.js';
import type { BashPresetOptions } from '../rules/bash-preset.js';
import type { RuleDecision } from '../rules/decision.js';
import type { FilePresetOptions } from '../rules/file-preset.js';

/** One configured rule. The first rule whose matchers all match decides. */
export interface HookRule {
  /** Tool name or `*` glob (`Bash`, `mcp__github__*`), or a list of them. */
  tool: string | readonly string[];
  /** Bash: matches when any of these command patterns matches (`"rm -rf"`, `"curl | sh"`). */
  command?: string | readonly string[];
  /** Bash: matches when every command of the line is one of these names (an allow list). */
  onlyCommands?: readonly string[];
  decision: RuleDecision;
  /** Shown to the model and recorded in audit. Default: the rule's position. */
  reason?: string;
}

/** MCP tools (`mcp__<server>__<tool>`): a decision per server, and for servers not listed. */
export interface McpPresetOptions {
  servers?: Readonly<Record<string, RuleDecision>>;
  /** Servers not listed. Default: no decision (the rules and `default` decide). */
  unlisted?: RuleDecision;
}

/** Where approvals and audit live. */
export type StoreConfig =
  | {
      type: 'embedded';
      /** Default `$ARGSEAL_DATA_DIR`, else `$XDG_DATA_HOME/argseal` (`~/.local/share/argseal`). */
      dataDir?: string;
      /** How long a hook waits for the store daemon to start (or another hook to start it). Default 15000. */
      startTimeoutMs?: number;
      /** The store daemon exits after this long without a request. Default 600000 (10 minutes). */
      idleMs?: number;
    }
  | { type: 'console'; url: string; token?: string; tokenEnv?: string }
  | { type: 'postgres'; url?: string; urlEnv?: string };

/**
 * `argseal approve` also wakes the durable workflow waiting for the decision (`wake` entry):
 * DBOS (`@argseal/dbos`, DBOS `send` through a `DBOSClient` on the system database) or
 * Workflow DevKit's PostgreSQL world (`@argseal/workflow`, `resumeHook`). The engine package
 * is loaded only then, and must be installed beside `argseal`.
 */
export interface WakeConfig {
  engine: 'dbos' | 'workflow';
  /**
   * The PostgreSQL database of the engine (DBOS's system database, the PostgreSQL world's
   * database) that also holds argseal's table of waits (`argseal_durable_waits`).
   */
  url?: string;
  /** Environment variable holding `url` instead. Default `DATABASE_URL`. */
  urlEnv?: string;
  /**
   * Workflow DevKit only: the application's base URL (where it serves
   * `/.well-known/workflow/v1/*`). Its queue delivers the resumed run there.
   */
  baseUrl?: string;
}

/** Per-host settings. */
export interface HostSettings {
  /**
   * Claude Code only: how a call waiting for approval is answered. `deny` (default) names the
   * proposal and how to approve it; `ask` hands it to `--permission-prompt-tool` (the
   * argseal MCP tool, which waits for the decision). Codex ignores `ask`, so it always denies.
   */
  approval?: 'deny' | 'ask';
  /** Claude Code's permission prompt tool: how long it waits for a decision (ms). Default 120000. */
  waitMs?: number;
  /** Agent name for this host (default: the config's `agent`). */
  agent?: string;
}

/**
 * The hook configuration (`hook.json`, or the default export of a `.mjs`/`.js`/`.ts` module,
 * which may also carry functions: `policy`, `rules` with `when`, `rewrite`).
 */
export interface HookConfig {
  /** Agent name: part of every proposal hash. Default `argseal-hook`. */
  agent?: string;
  /**
   * Server context hashed with the arguments, so an approval given in one cwd, session or
   * for one user does not run in another: the proposal's arguments become the envelope
   * `{"argseal:context": {…}, "argseal:input": <tool_input>}`. Default: none.
   */
  materialContext?: readonly MaterialContextKey[];
  /** What a call matched by no rule gets. Default `deny` (closed). */
  default?: RuleDecision;
  rules?: readonly HookRule[];
  presets?: {
    bash?: boolean | BashPresetOptions;
    files?: boolean | FilePresetOptions;
    mcp?: McpPresetOptions;
  };
  rewrite?: { normalizePaths?: boolean };
  store?: StoreConfig;
  /** Deadline for one decision; past it the hook blocks the call. Default 20000. */
  timeoutMs?: number;
  hosts?: { 'claude-code'?: HostSettings; codex?: HostSettings };
  /**
   * A Cedar policy set (`@argseal/policy-cedar`, installed beside the hooks): its file, or
   * `{ policies, schema }`, relative to the config file. Combined with the rules by `allOf`
   * (strictest wins), so set `default: "allow"` to let Cedar decide what no rule blocks.
   */
  cedar?: string | { policies: string; schema?: string };
  /** `argseal approve` wakes the durable workflow waiting for the decision. */
  wake?: WakeConfig;
}

/** What a JS/TS config module may add to {@link HookConfig}. */
export interface HookModuleConfig extends Omit<HookConfig, 'rewrite'> {
  /** Combined with the configured rules: the strictest answer wins (`allOf`). */
  policy?: ToolPolicy<HookContext>;
  /** Rules from `@argseal/policies` (`forTools`, `when`), tried after `rules`. */
  policyRules?: readonly PolicyRule<HookContext>[];
  rewrite?: { normalizePaths?: boolean; hooks?: readonly RewriteHook<HookContext>[] };
}
