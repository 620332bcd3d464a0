import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseStrictJson } from '@argseal/core/data';
import { checkConfig } from './check-config.js';
import type { McpProxyConfig } from './config-types.js';
import { McpSealError } from './errors.js';

/**
 * Reads the proxy config: a `.json` file (strictly decoded: duplicate keys refused) or a
 * JS module (`.js`, `.mjs`) whose default export is the config, so rules can be policy
 * functions (for example from `@argseal/policies`). The result is checked (unknown keys,
 * wrong types and unknown rule names are `invalid_config`).
 *
 * @throws {McpSealError} `config_not_found`, `invalid_config`.
 */
export async function loadConfig(file: string, cwd = process.cwd()): Promise<McpProxyConfig> {
  const path = resolve(cwd, file);
  const ext = extname(path);
  let value: unknown;
  if (ext === '.js' || ext === '.mjs') {
    try {
      value = ((await import(pathToFileURL(path).href)) as { default?: unknown }).default;
    } catch (cause) {
      throw new McpSealError('config_not_found', `cannot load the config module ${file}`, {
        cause,
      });
    }
  } else {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (cause) {
      throw new McpSealError('config_not_found', `cannot read the config file ${file}`, { cause });
    }
    try {
      value = parseStrictJson(text);
    } catch (cause) {
      const code = (cause as { code?: string }).code ?? 'invalid_json';
      throw new McpSealError('invalid_config', `${file}: not strict JSON (${code})`, { cause });
    }
  }
  return checkConfig(value, file);
}
