import { readFile } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseStrictJson } from '@argseal/core/data';
import { McpSealError } from '../errors.js';
import { resolveCedarRules } from './cedar-rules.js';
import { checkConfig } from './check-config.js';
import type { McpProxyConfig } from './config-types.js';

/**
 * Reads the proxy config: a `.json` file (strictly decoded: duplicate keys refused) or a
 * JS module (`.js`, `.mjs`) whose default export is the config, so rules can be policy
 * functions (for example from `@argseal/policies`). The result is checked (unknown keys,
 * wrong types and unknown rule names are `invalid_config`). In a JSON file a rule may be
 * `{ "cedar": "policies.cedar" }` or `{ "cedar": { "policies": …, "schema": … } }`:
 * a Cedar policy set (`@argseal/policy-cedar`), files relative to the config, checked now.
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
    // `{ "cedar": … }` rules: Cedar policy files next to the config (@argseal/policy-cedar)
    value = await resolveCedarRules(value, file, dirname(path));
  }
  return checkConfig(value, file);
}
