import { HookError } from '../errors.js';
import { MATERIAL_CONTEXT_KEYS } from '../pipeline/material-context.js';
import { RULE_DECISIONS } from '../rules/decision.js';
import type { HookModuleConfig } from './types.js';

type Obj = Record<string, unknown>;

function bad(path: string, message: string): never {
  throw new HookError('config', 'invalid_config', `config ${path || '(root)'}: ${message}`, {
    path,
  });
}

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function only(v: Obj, path: string, keys: readonly string[]): void {
  for (const k of Object.keys(v)) if (!keys.includes(k)) bad(`${path}/${k}`, 'unknown key');
}

function decision(v: unknown, path: string, optional = true): void {
  if (v === undefined && optional) return;
  if (!RULE_DECISIONS.includes(v as never))
    bad(path, 'must be "allow", "deny" or "require_approval"');
}

function str(v: unknown, path: string, optional = true): void {
  if (v === undefined && optional) return;
  if (typeof v !== 'string' || v.length === 0) bad(path, 'must be a non-empty string');
}

function strList(v: unknown, path: string, allowSingle: boolean): void {
  if (v === undefined) return;
  if (allowSingle && typeof v === 'string' && v.length > 0) return;
  if (
    !Array.isArray(v) ||
    v.length === 0 ||
    !v.every((s) => typeof s === 'string' && s.length > 0)
  ) {
    bad(path, 'must be a non-empty list of non-empty strings');
  }
}

function decisions(v: unknown, path: string, keys?: readonly string[]): void {
  if (v === undefined || v === true || v === false) return;
  if (!isObj(v)) bad(path, 'must be true, false or an object');
  for (const [k, d] of Object.entries(v)) {
    if (keys && !keys.includes(k)) bad(`${path}/${k}`, 'unknown key');
    if (k === 'projectRoot') str(d, `${path}/${k}`);
    else if (k === 'patterns' || k === 'servers') decisions(d, `${path}/${k}`);
    else decision(d, `${path}/${k}`);
  }
}

function materialContext(v: unknown, path: string): void {
  if (v === undefined) return;
  const names = MATERIAL_CONTEXT_KEYS.map((k) => `"${k}"`).join(', ');
  if (!Array.isArray(v)) bad(path, `must be a list of ${names}`);
  v.forEach((k: unknown, i: number) => {
    if (!MATERIAL_CONTEXT_KEYS.includes(k as never)) bad(`${path}/${i}`, `must be one of ${names}`);
    if (v.indexOf(k) !== i) bad(`${path}/${i}`, 'is listed twice');
  });
}

function validateStore(v: unknown, path: string): void {
  if (v === undefined) return;
  if (!isObj(v)) bad(path, 'must be an object');
  if (v.type === 'embedded') {
    only(v, path, ['type', 'dataDir', 'startTimeoutMs', 'idleMs']);
    str(v.dataDir, `${path}/dataDir`);
    for (const key of ['startTimeoutMs', 'idleMs'] as const) {
      const n = v[key];
      if (n !== undefined && !(Number.isInteger(n) && (n as number) > 0))
        bad(`${path}/${key}`, 'must be a positive integer');
    }
  } else if (v.type === 'console') {
    only(v, path, ['type', 'url', 'token', 'tokenEnv']);
    str(v.url, `${path}/url`, false);
    str(v.token, `${path}/token`);
    str(v.tokenEnv, `${path}/tokenEnv`);
  } else if (v.type === 'postgres') {
    only(v, path, ['type', 'url', 'urlEnv']);
    str(v.url, `${path}/url`);
    str(v.urlEnv, `${path}/urlEnv`);
  } else bad(`${path}/type`, 'must be "embedded", "console" or "postgres"');
}

function validateWake(v: unknown, path: string): void {
  if (v === undefined) return;
  if (!isObj(v)) bad(path, 'must be an object');
  if (v.engine === 'dbos') only(v, path, ['engine', 'url', 'urlEnv']);
  else if (v.engine === 'workflow') {
    only(v, path, ['engine', 'url', 'urlEnv', 'baseUrl']);
    str(v.baseUrl, `${path}/baseUrl`, false);
    let parsed: URL | undefined;
    try {
      parsed = new URL(v.baseUrl as string);
    } catch {
      parsed = undefined;
    }
    if (parsed?.protocol !== 'http:' && parsed?.protocol !== 'https:')
      bad(`${path}/baseUrl`, 'must be an http(s) URL');
  } else bad(`${path}/engine`, 'must be "dbos" or "workflow"');
  str(v.url, `${path}/url`);
  str(v.urlEnv, `${path}/urlEnv`);
}

/**
 * Checks a configuration's shape (HookError `invalid_config` naming the JSON Pointer of the
 * first problem). Functions are accepted only where a module may put them.
 */
export function validateConfig(value: unknown, fromModule: boolean): HookModuleConfig {
  if (!isObj(value)) bad('', 'must be an object');
  const keys = [
    '$schema',
    'agent',
    'materialContext',
    'default',
    'rules',
    'presets',
    'rewrite',
    'store',
    'timeoutMs',
    'hosts',
    'cedar',
    'wake',
  ];
  only(value, '', fromModule ? [...keys, 'policy', 'policyRules'] : keys);
  str(value.agent, '/agent');
  materialContext(value.materialContext, '/materialContext');
  decision(value.default, '/default');
  if (value.rules !== undefined) {
    if (!Array.isArray(value.rules)) bad('/rules', 'must be a list');
    value.rules.forEach((r: unknown, i: number) => {
      const p = `/rules/${i}`;
      if (!isObj(r)) bad(p, 'must be an object');
      only(r, p, ['tool', 'command', 'onlyCommands', 'decision', 'reason']);
      strList(r.tool, `${p}/tool`, true);
      if (r.tool === undefined) bad(`${p}/tool`, 'is required');
      strList(r.command, `${p}/command`, true);
      strList(r.onlyCommands, `${p}/onlyCommands`, false);
      decision(r.decision, `${p}/decision`, false);
      str(r.reason, `${p}/reason`);
    });
  }
  if (value.presets !== undefined) {
    if (!isObj(value.presets)) bad('/presets', 'must be an object');
    only(value.presets, '/presets', ['bash', 'files', 'mcp']);
    decisions(value.presets.bash, '/presets/bash', [
      'destructive',
      'pipeToShell',
      'network',
      'opaque',
      'patterns',
    ]);
    decisions(value.presets.files, '/presets/files', [
      'outsideProject',
      'dotfiles',
      'credentials',
      'projectRoot',
    ]);
    decisions(value.presets.mcp, '/presets/mcp', ['servers', 'unlisted']);
  }
  if (value.rewrite !== undefined) {
    if (!isObj(value.rewrite)) bad('/rewrite', 'must be an object');
    only(value.rewrite, '/rewrite', fromModule ? ['normalizePaths', 'hooks'] : ['normalizePaths']);
    if (
      value.rewrite.normalizePaths !== undefined &&
      typeof value.rewrite.normalizePaths !== 'boolean'
    ) {
      bad('/rewrite/normalizePaths', 'must be a boolean');
    }
    const hooks = value.rewrite.hooks;
    if (
      hooks !== undefined &&
      (!Array.isArray(hooks) || !hooks.every((h) => typeof h === 'function'))
    ) {
      bad('/rewrite/hooks', 'must be a list of functions');
    }
  }
  validateStore(value.store, '/store');
  validateWake(value.wake, '/wake');
  const t = value.timeoutMs;
  if (
    t !== undefined &&
    !(Number.isInteger(t) && (t as number) >= 100 && (t as number) <= 600_000)
  ) {
    bad('/timeoutMs', 'must be an integer from 100 to 600000');
  }
  if (value.hosts !== undefined) {
    if (!isObj(value.hosts)) bad('/hosts', 'must be an object');
    only(value.hosts, '/hosts', ['claude-code', 'codex']);
    for (const [h, s] of Object.entries(value.hosts)) {
      if (!isObj(s)) bad(`/hosts/${h}`, 'must be an object');
      only(s, `/hosts/${h}`, ['approval', 'agent', 'waitMs']);
      if (
        s.waitMs !== undefined &&
        !(
          Number.isInteger(s.waitMs) &&
          (s.waitMs as number) >= 0 &&
          (s.waitMs as number) <= 3_600_000
        )
      ) {
        bad(`/hosts/${h}/waitMs`, 'must be an integer from 0 to 3600000');
      }
      if (s.approval !== undefined && s.approval !== 'deny' && s.approval !== 'ask') {
        bad(`/hosts/${h}/approval`, 'must be "deny" or "ask"');
      }
      str(s.agent, `/hosts/${h}/agent`);
    }
  }
  if (value.policy !== undefined && typeof value.policy !== 'function')
    bad('/policy', 'must be a function');
  if (value.policyRules !== undefined && !Array.isArray(value.policyRules))
    bad('/policyRules', 'must be a list');
  return value as HookModuleConfig;
}
