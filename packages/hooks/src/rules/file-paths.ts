import type { JsonValue } from '@argseal/core';

/** Tools that write files, and the argument that names the file. */
export const FILE_TOOLS: Readonly<Record<string, string>> = {
  Write: 'file_path',
  Edit: 'file_path',
  MultiEdit: 'file_path',
  NotebookEdit: 'notebook_path',
};

const PATCH_HEADERS = ['*** Add File: ', '*** Update File: ', '*** Delete File: ', '*** Move to: '];

/** Paths named by the headers of a Codex `apply_patch` text. */
function patchPaths(text: string): string[] {
  const paths: string[] = [];
  for (const line of text.split('\n')) {
    const header = PATCH_HEADERS.find((h) => line.startsWith(h));
    if (header) paths.push(line.slice(header.length).trim());
  }
  return paths;
}

/**
 * The file paths a call writes: `file_path` / `notebook_path` of Claude Code's file tools,
 * or the headers of every patch text in a Codex `apply_patch` input. Empty for other tools.
 */
export function writtenPaths(tool: string, args: JsonValue): string[] {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return [];
  const key = FILE_TOOLS[tool];
  if (key !== undefined) {
    const v = args[key];
    return typeof v === 'string' ? [v] : [''];
  }
  if (tool !== 'apply_patch') return [];
  const paths: string[] = [];
  for (const v of Object.values(args)) if (typeof v === 'string') paths.push(...patchPaths(v));
  return paths;
}

/** Splits a POSIX path, resolves it against `base` (absolute), and removes `.`/`..`. */
export function resolvePosix(base: string, path: string): string {
  const parts: string[] = [];
  for (const p of `${path.startsWith('/') ? '' : `${base}/`}${path}`.split('/')) {
    if (p === '' || p === '.') continue;
    if (p === '..') parts.pop();
    else parts.push(p);
  }
  return `/${parts.join('/')}`;
}

/** True when `path` (absolute, normalized) is `root` or below it. */
export function isInside(root: string, path: string): boolean {
  const r = root.endsWith('/') ? root : `${root}/`;
  return path === root || path.startsWith(r);
}
