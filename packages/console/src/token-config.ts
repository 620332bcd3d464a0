import { readFile } from 'node:fs/promises';
import { nearestOption } from '@argseal/core';
import { parseStrictJson } from '@argseal/core/data';
import { type ApproverGroups, approverGroupLookup } from './approver-groups.js';
import { ConsoleError } from './errors.js';
import type { TokenInput } from './tokens.js';
import { checkWebhookUrl } from './webhook.js';

/** Environment variable with the approver tokens: `"alice:<token>,bob:<token>"`. */
export const ENV_APPROVER_TOKENS = 'ARGSEAL_CONSOLE_TOKENS';
/** Environment variable with the agent tokens: `"support-bot:<token>"` (optional). */
export const ENV_AGENT_TOKENS = 'ARGSEAL_CONSOLE_AGENT_TOKENS';
/** Environment variable with the webhook's HMAC secret (for `--webhook-url`; keeps it out of `ps`). */
export const ENV_WEBHOOK_SECRET = 'ARGSEAL_CONSOLE_WEBHOOK_SECRET';
/** Environment variable naming a JSON token file (`{"approvers":{...},"agents":{...}}`). */
export const ENV_CONFIG_FILE = 'ARGSEAL_CONSOLE_CONFIG';

export interface ResolvedTokens {
  tokens: TokenInput | undefined;
  agentTokens: TokenInput | undefined;
  /** Where the approver tokens came from: `option`, `env`, `config` or `none`. */
  source: 'option' | 'env' | 'config' | 'none';
  /** Four-eyes groups from the config file's `groups`, when it has them. */
  groups?: ApproverGroups;
  /** The config file's `webhook`, when it has one. */
  webhook?: ConfigWebhook;
}

/** The config file's `webhook` section: where new pending proposals are announced. */
export interface ConfigWebhook {
  url: string;
  secret?: string;
  format?: 'json' | 'slack';
  consoleUrl?: string;
}

const WEBHOOK_KEYS = ['url', 'secret', 'format', 'consoleUrl'];

function webhookSection(value: unknown, file: string): ConfigWebhook | undefined {
  if (value === undefined) return undefined;
  const bad = (what: string) => new ConsoleError('invalid_config', `${file}: webhook ${what}`);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw bad('must be an object {"url", "secret", "format"}');
  const v = value as Record<string, unknown>;
  for (const key of Object.keys(v)) {
    if (!WEBHOOK_KEYS.includes(key)) {
      const near = nearestOption(key, WEBHOOK_KEYS);
      throw bad(`has an unknown key "${key}"${near ? ` (did you mean "${near}"?)` : ''}`);
    }
  }
  if (typeof v.url !== 'string') throw bad('needs a "url"');
  checkWebhookUrl(v.url);
  if (v.secret !== undefined && (typeof v.secret !== 'string' || v.secret === ''))
    throw bad('"secret" must be a non-empty string');
  if (v.format !== undefined && v.format !== 'json' && v.format !== 'slack')
    throw bad('"format" must be "json" or "slack"');
  if (v.consoleUrl !== undefined && typeof v.consoleUrl !== 'string')
    throw bad('"consoleUrl" must be a string');
  return v as unknown as ConfigWebhook;
}

type Env = Readonly<Record<string, string | undefined>>;

function section(value: unknown, key: string, file: string): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConsoleError('invalid_config', `${file}: "${key}" must be an object of name: token`);
  }
  return value as Record<string, string>;
}

const CONFIG_KEYS = ['approvers', 'agents', 'groups', 'webhook'];

/**
 * Reads a console config file: JSON `{ "approvers": { "alice": "<token>" }, "agents": { "bot": "<token>" } }`,
 * optionally with four-eyes `"groups": { "finance": ["alice", "bob"] }` and a
 * `"webhook": { "url": "https://…", "secret": "…", "format": "slack" }`.
 * Code `invalid_config` when it is not that shape, `config_unreadable` when it cannot be read.
 */
export async function readTokenConfig(file: string): Promise<{
  approvers?: Record<string, string>;
  agents?: Record<string, string>;
  groups?: ApproverGroups;
  webhook?: ConfigWebhook;
}> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    throw new ConsoleError('config_unreadable', `cannot read console config file ${file}`, {
      cause,
    });
  }
  let value: unknown;
  try {
    value = parseStrictJson(text);
  } catch {
    throw new ConsoleError(
      'invalid_config',
      `${file}: not valid JSON (duplicate keys are refused)`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConsoleError(
      'invalid_config',
      `${file}: expected an object with "approvers" and "agents"`,
    );
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!CONFIG_KEYS.includes(key)) {
      const near = nearestOption(key, CONFIG_KEYS);
      throw new ConsoleError(
        'invalid_config',
        `${file}: unknown key "${key}"${near ? ` (did you mean "${near}"?)` : ''}`,
      );
    }
  }
  const approvers = section(record.approvers, 'approvers', file);
  const agents = section(record.agents, 'agents', file);
  approverGroupLookup(record.groups, `${file}: groups`);
  const groups = record.groups as ApproverGroups | undefined;
  const webhook = webhookSection(record.webhook, file);
  return {
    ...(approvers ? { approvers } : {}),
    ...(agents ? { agents } : {}),
    ...(groups ? { groups } : {}),
    ...(webhook ? { webhook } : {}),
  };
}

/**
 * Picks the token sources, first match wins for each role: explicit options, then the
 * environment (`ARGSEAL_CONSOLE_TOKENS`, `ARGSEAL_CONSOLE_AGENT_TOKENS`), then the config file
 * (`configFile` or `ARGSEAL_CONSOLE_CONFIG`). There is never a default token.
 */
export async function resolveConsoleTokens(options: {
  tokens?: TokenInput | undefined;
  agentTokens?: TokenInput | undefined;
  configFile?: string | undefined;
  env?: Env;
}): Promise<ResolvedTokens> {
  const env = options.env ?? {};
  const file = options.configFile ?? env[ENV_CONFIG_FILE];
  const config = file ? await readTokenConfig(file) : {};
  const envApprovers = env[ENV_APPROVER_TOKENS]?.trim() ? env[ENV_APPROVER_TOKENS] : undefined;
  const envAgents = env[ENV_AGENT_TOKENS]?.trim() ? env[ENV_AGENT_TOKENS] : undefined;
  const tokens = options.tokens ?? envApprovers ?? config.approvers;
  const source = options.tokens
    ? 'option'
    : envApprovers
      ? 'env'
      : config.approvers
        ? 'config'
        : 'none';
  return {
    tokens,
    agentTokens: options.agentTokens ?? envAgents ?? config.agents,
    source,
    ...(config.groups ? { groups: config.groups } : {}),
    ...(config.webhook ? { webhook: config.webhook } : {}),
  };
}
