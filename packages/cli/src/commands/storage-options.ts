import type { CliOptionSpec } from './types.js';

/** `--data-dir` and `--database-url`: where the console keeps its data (console, audit). */
export const STORAGE_OPTIONS: Readonly<Record<'data-dir' | 'database-url', CliOptionSpec>> = {
  'data-dir': {
    type: 'string',
    valueName: 'DIR',
    description: 'embedded data directory (default .argseal)',
  },
  'database-url': {
    type: 'string',
    valueName: 'URL',
    description: 'PostgreSQL connection string',
  },
};
