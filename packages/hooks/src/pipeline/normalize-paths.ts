import type { JsonValue, RewriteHook } from '@argseal/core';
import type { HookContext } from '../host/hook-input.js';
import { FILE_TOOLS, resolvePosix } from '../rules/file-paths.js';

/**
 * Rewrite hook (`rewrite.normalizePaths`): the file argument of Write / Edit / MultiEdit /
 * NotebookEdit becomes absolute and normalized against the session's cwd
 * (`src/../a.ts` → `/project/a.ts`), so approvals and audit name the file that is written.
 */
export const normalizePaths: RewriteHook<HookContext> = ({ tool, arguments: args, context }) => {
  const key = FILE_TOOLS[tool];
  if (key === undefined || typeof args !== 'object' || args === null || Array.isArray(args))
    return undefined;
  const path = args[key];
  if (typeof path !== 'string' || path === '') return undefined;
  const normalized = resolvePosix(context.cwd, path);
  if (normalized === path) return undefined;
  return { ...args, [key]: normalized } as JsonValue;
};
