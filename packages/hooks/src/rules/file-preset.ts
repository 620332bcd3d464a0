import type { JsonValue } from '@argseal/core';
import type { RuleDecision } from './decision.js';
import { isInside, resolvePosix, writtenPaths } from './file-paths.js';

/** Options of the file-write guard rails (`presets.files` in the config). */
export interface FilePresetOptions {
  /** Writes outside the project root. Default `deny`. */
  outsideProject?: RuleDecision;
  /** Writes to a dotfile or below a dot-directory (`.git/`, `.claude/`, `.env`). Default `require_approval`. */
  dotfiles?: RuleDecision;
  /** Writes to credential files (`.env*`, keys, `.npmrc`, `.netrc`, `credentials`). Default `deny`. */
  credentials?: RuleDecision;
  /** Project root. Default: the host's `cwd` for the session. */
  projectRoot?: string;
}

const CREDENTIAL_NAMES = new Set([
  '.npmrc',
  '.netrc',
  '.pypirc',
  '.git-credentials',
  'credentials',
  'credentials.json',
  '.pgpass',
  '.htpasswd',
  'id_rsa',
  'id_dsa',
  'id_ecdsa',
  'id_ed25519',
  'authorized_keys',
]);
const CREDENTIAL_SUFFIXES = ['.pem', '.key', '.p12', '.pfx', '.keystore', '.jks'];

function isCredential(name: string): boolean {
  const lower = name.toLowerCase();
  if (CREDENTIAL_NAMES.has(lower) || lower === '.env' || lower.startsWith('.env.')) return true;
  if (lower.startsWith('id_') && lower.includes('_') && !lower.includes('.')) return true;
  return CREDENTIAL_SUFFIXES.some((s) => lower.endsWith(s));
}

/** A file guard rail that flagged a write. */
export interface FileFlag {
  check: 'outside_project' | 'dotfile' | 'credentials' | 'no_path';
  decision: RuleDecision;
}

/**
 * Compiles the file-write guard rails for Claude Code's Write / Edit / MultiEdit /
 * NotebookEdit and Codex's `apply_patch`. Paths are resolved against the session's cwd
 * (server context, from the host); the strictest flag wins.
 */
export function compileFilePreset(
  options: FilePresetOptions = {},
): (tool: string, args: JsonValue, cwd: string) => FileFlag | undefined {
  const rank = { allow: 0, require_approval: 1, deny: 2 } as const;
  return (tool, args, cwd) => {
    const base = resolvePosix('/', cwd);
    const root = options.projectRoot === undefined ? base : resolvePosix(base, options.projectRoot);
    let flag: FileFlag | undefined;
    const raise = (check: FileFlag['check'], decision: RuleDecision) => {
      if (decision === 'allow') return; // a check set to allow flags nothing
      if (!flag || rank[decision] > rank[flag.decision]) flag = { check, decision };
    };
    for (const p of writtenPaths(tool, args)) {
      if (p === '') {
        raise('no_path', 'deny');
        continue;
      }
      const abs = resolvePosix(base, p);
      const inside = isInside(root, abs);
      if (!inside) raise('outside_project', options.outsideProject ?? 'deny');
      const below = (inside ? abs.slice(root.length) : abs).split('/');
      if (below.some((s) => s.startsWith('.')))
        raise('dotfile', options.dotfiles ?? 'require_approval');
      if (isCredential(below[below.length - 1] ?? ''))
        raise('credentials', options.credentials ?? 'deny');
    }
    return flag;
  };
}
