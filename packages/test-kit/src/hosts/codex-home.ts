import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Codex features that reach the network or change tool offering (see agent-hosts-offline.md). */
const FEATURES_OFF = [
  'plugins',
  'apps',
  'remote_plugin',
  'plugin_sharing',
  'tool_suggest',
  'skill_mcp_dependency_install',
  'in_app_updates',
  'api_key_model_discovery',
  'browser_use',
  'computer_use',
  'image_generation',
  'unbounded_connection_retries',
  'incremental_tools',
  'tool_search',
  'tool_search_always_defer_mcp_tools',
];

/**
 * Writes `$CODEX_HOME/config.toml` for a loopback OpenAI Responses server (`baseUrl`, no
 * retries, every networked feature off) plus `extraToml`, and `hooks.json` when given.
 */
export function writeCodexHome(
  codexHome: string,
  o: { baseUrl: string; model: string; extraToml?: string | undefined; hooks?: object | undefined },
): void {
  mkdirSync(codexHome, { recursive: true });
  const toml = [
    'model_provider = "fake"',
    `model = "${o.model}"`,
    'check_for_update_on_startup = false',
    'web_search = "disabled"',
    '[model_providers.fake]',
    'name = "fake"',
    `base_url = "${o.baseUrl}/v1"`,
    'env_key = "FAKE_API_KEY"',
    'wire_api = "responses"',
    'request_max_retries = 0',
    'stream_max_retries = 0',
    '[analytics]',
    'enabled = false',
    '[feedback]',
    'enabled = false',
    '[features]',
    ...FEATURES_OFF.map((f) => `${f} = false`),
    o.extraToml ?? '',
  ];
  writeFileSync(join(codexHome, 'config.toml'), `${toml.join('\n')}\n`);
  if (o.hooks) writeFileSync(join(codexHome, 'hooks.json'), JSON.stringify(o.hooks));
}
