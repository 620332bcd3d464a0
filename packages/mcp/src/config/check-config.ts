import { McpSealError } from '../errors.js';
import type { McpProxyConfig } from './config-types.js';

const TOP = new Set(['agent', 'servers', 'approvers', 'store', 'maxMessageLength', 'mode']);
const SERVER = new Set([
  'command',
  'args',
  'env',
  'cwd',
  'url',
  'policy',
  'tools',
  'trusted',
  'egress',
  'pinning',
]);
const RULES = new Set(['allow', 'deny', 'require_approval']);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringArray = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');

function bad(where: string, what: string): never {
  throw new McpSealError('invalid_config', `${where}: ${what}`);
}

function checkKeys(where: string, value: Record<string, unknown>, allowed: Set<string>): void {
  for (const key of Object.keys(value)) if (!allowed.has(key)) bad(where, `unknown key "${key}"`);
}

function checkRule(where: string, rule: unknown): void {
  if (typeof rule === 'function') return;
  if (typeof rule !== 'string' || !RULES.has(rule))
    bad(where, 'a rule is "allow", "deny", "require_approval" or a policy function');
}

function checkServer(where: string, s: unknown): void {
  if (!isRecord(s)) bad(where, 'must be an object');
  checkKeys(where, s, SERVER);
  for (const key of ['command', 'cwd', 'url'] as const) {
    if (s[key] !== undefined && typeof s[key] !== 'string') bad(where, `${key} must be a string`);
  }
  if (s.args !== undefined && !isStringArray(s.args)) bad(where, 'args must be a list of strings');
  if (
    s.env !== undefined &&
    (!isRecord(s.env) || !Object.values(s.env).every((v) => typeof v === 'string'))
  ) {
    bad(where, 'env must map names to strings');
  }
  if (s.policy !== undefined) checkRule(`${where}.policy`, s.policy);
  if (s.tools !== undefined) {
    if (!isRecord(s.tools)) bad(where, 'tools must be an object');
    for (const [name, rule] of Object.entries(s.tools)) checkRule(`${where}.tools.${name}`, rule);
  }
  if (s.trusted !== undefined && typeof s.trusted !== 'boolean')
    bad(where, 'trusted must be a boolean');
  if (s.egress !== undefined && !isRecord(s.egress)) bad(where, 'egress must be an object');
  if (s.pinning !== undefined && s.pinning !== 'approve' && s.pinning !== 'trust-first-use') {
    bad(where, 'pinning is "approve" or "trust-first-use"');
  }
}

/** Checks a config value (closed: unknown keys are errors, so a typo never weakens a rule). */
export function checkConfig(value: unknown, where = 'config'): McpProxyConfig {
  if (!isRecord(value)) bad(where, 'must be an object');
  checkKeys(where, value, TOP);
  if (value.agent !== undefined && (typeof value.agent !== 'string' || value.agent === ''))
    bad(where, 'agent must be a non-empty string');
  const servers = value.servers ?? {};
  if (!isRecord(servers)) bad(where, 'servers must be an object');
  for (const [name, s] of Object.entries(servers)) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(name))
      bad(where, `server name "${name}" must be 1-64 of A-Z a-z 0-9 _ -`);
    checkServer(`${where}.servers.${name}`, s);
  }
  const approvers = value.approvers;
  if (approvers !== undefined) {
    if (!isRecord(approvers)) bad(where, 'approvers must be an object');
    checkKeys(`${where}.approvers`, approvers, new Set(['elicitation']));
    if (approvers.elicitation !== undefined && !isStringArray(approvers.elicitation))
      bad(where, 'approvers.elicitation must be a list of host names');
  }
  const store = value.store;
  if (store !== undefined) {
    if (!isRecord(store)) bad(where, 'store must be an object');
    checkKeys(`${where}.store`, store, new Set(['dataDir', 'databaseUrl', 'console']));
    for (const key of ['dataDir', 'databaseUrl'] as const) {
      if (store[key] !== undefined && typeof store[key] !== 'string')
        bad(`${where}.store`, `${key} must be a string`);
    }
    const c = store.console;
    if (c !== undefined) {
      if (!isRecord(c)) bad(`${where}.store`, 'console must be an object');
      checkKeys(`${where}.store.console`, c, new Set(['url', 'tokenEnv']));
      if (typeof c.url !== 'string' || c.url === '')
        bad(`${where}.store.console`, 'url is required');
      if (c.tokenEnv !== undefined && (typeof c.tokenEnv !== 'string' || c.tokenEnv === ''))
        bad(`${where}.store.console`, 'tokenEnv must be an environment variable name');
      if (store.dataDir !== undefined || store.databaseUrl !== undefined)
        bad(`${where}.store`, 'console excludes dataDir and databaseUrl');
    }
  }
  if (
    value.maxMessageLength !== undefined &&
    (!Number.isSafeInteger(value.maxMessageLength) || (value.maxMessageLength as number) < 1024)
  ) {
    bad(where, 'maxMessageLength must be an integer of at least 1024');
  }
  if (value.mode !== undefined && value.mode !== 'enforce' && value.mode !== 'shadow')
    bad(where, 'mode is "enforce" or "shadow"');
  return { ...(value as unknown as McpProxyConfig), servers: servers as McpProxyConfig['servers'] };
}
