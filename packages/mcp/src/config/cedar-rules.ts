import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { JsonValue } from '@argseal/core';
import type * as PolicyCedar from '@argseal/policy-cedar';
import { McpSealError } from '../errors.js';
import type { McpCallContext } from './config-types.js';

/** Installed beside this package when a config uses Cedar (a variable: bundlers leave it out). */
const POLICY_CEDAR = '@argseal/policy-cedar';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A rule `{ "cedar": … }` of a JSON config (see `@argseal/policy-cedar`'s CedarConfigEntry). */
const isCedarRule = (v: unknown): v is { cedar: unknown } =>
  isRecord(v) && Object.hasOwn(v, 'cedar');

/** What a Cedar policy sees at `context.server` for an MCP call. */
function serverContext(ctx: McpCallContext): JsonValue {
  return {
    upstream: ctx.server,
    ...(ctx.client ? { client: { name: ctx.client.name, version: ctx.client.version } } : {}),
  };
}

/**
 * Replaces every `{ "cedar": "policies.cedar" }` or `{ "cedar": { "policies": …, "schema": … } }`
 * rule of a config (a server's `policy`, an entry of its `tools`) with the Cedar policy it
 * names, files resolved against the config's directory, checked now. Other values are left
 * for `checkConfig`. A bad entry, unreadable file or refused policy set is `invalid_config`.
 */
export async function resolveCedarRules(
  value: unknown,
  file: string,
  dir: string,
): Promise<unknown> {
  if (!isRecord(value) || !isRecord(value.servers)) return value;
  let cedar: typeof PolicyCedar | undefined;
  const build = async (where: string, rule: { cedar: unknown }) => {
    if (Object.keys(rule).length !== 1)
      throw new McpSealError(
        'invalid_config',
        `${file}: ${where}: a cedar rule has only the key "cedar"`,
      );
    try {
      cedar ??= (await import(POLICY_CEDAR)) as typeof PolicyCedar;
    } catch (cause) {
      throw new McpSealError(
        'invalid_config',
        `${file}: ${where}: install @argseal/policy-cedar for cedar rules`,
        { cause },
      );
    }
    try {
      return await cedar.cedarPolicyFromConfig<McpCallContext>(rule.cedar, {
        readFile: (name) => readFile(resolve(dir, name), 'utf8'),
        context: serverContext,
      });
    } catch (cause) {
      const detail = cedar.CedarPolicyError.isInstance(cause)
        ? `${cause.code}: ${cause.message}`
        : 'a cedar file cannot be read';
      throw new McpSealError('invalid_config', `${file}: ${where}: ${detail}`, { cause });
    }
  };
  const servers: Record<string, unknown> = {};
  for (const [name, server] of Object.entries(value.servers)) {
    if (!isRecord(server)) {
      servers[name] = server;
      continue;
    }
    const out: Record<string, unknown> = { ...server };
    if (isCedarRule(server.policy))
      out.policy = await build(`servers.${name}.policy`, server.policy);
    if (isRecord(server.tools)) {
      const tools: Record<string, unknown> = {};
      for (const [tool, rule] of Object.entries(server.tools)) {
        tools[tool] = isCedarRule(rule) ? await build(`servers.${name}.tools.${tool}`, rule) : rule;
      }
      out.tools = tools;
    }
    servers[name] = out;
  }
  return { ...value, servers };
}
