import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type * as PolicyCedar from '@argseal/policy-cedar';
import { quote } from '../display.js';
import { CliUsageError } from '../errors.js';
import { importOptional } from '../import-optional.js';
import type { CliIo } from '../io.js';
import type { CliArgs } from './types.js';

/** `@argseal/policy-cedar`, installed beside the CLI. */
export type PolicyCedarModule = typeof PolicyCedar;

export const loadPolicyCedar = (): Promise<PolicyCedarModule> =>
  importOptional<PolicyCedarModule>('@argseal/policy-cedar', 'policy');

/** Reads a UTF-8 text file named on the command line (`unreadable_file` when it cannot). */
export async function readText(file: string, io: CliIo): Promise<string> {
  try {
    return await readFile(resolve(io.cwd ?? process.cwd(), file), 'utf8');
  } catch (cause) {
    const code = (cause as { code?: unknown } | null)?.code;
    const reason = typeof code === 'string' && /^E[A-Z]+$/.test(code) ? ` (${code})` : '';
    throw new CliUsageError('unreadable_file', `cannot read ${quote(file)}${reason}`);
  }
}

/** Reads a JSON file; text that is not JSON is `invalid_json_file`. */
export async function readJson(file: string, io: CliIo): Promise<unknown> {
  const text = await readText(file, io);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new CliUsageError('invalid_json_file', `${quote(file)} is not JSON`);
  }
}

/**
 * The tools of a `--tools FILE`: a JSON array of `{ name, inputSchema }`, or an MCP
 * `tools/list` result `{ tools: [...] }`.
 */
async function readTools(file: string, io: CliIo): Promise<PolicyCedar.ToolJsonSchema[]> {
  const json = await readJson(file, io);
  const list = Array.isArray(json) ? json : (json as { tools?: unknown } | null)?.tools;
  if (!Array.isArray(list)) {
    throw new CliUsageError(
      'invalid_json_file',
      `${quote(file)} must be a list of tools ({ name, inputSchema }) or { "tools": [...] }`,
    );
  }
  return list as PolicyCedar.ToolJsonSchema[];
}

/**
 * The schema the command checks against: `--schema FILE` (Cedar schema text, or its JSON
 * form when the file is JSON), generated from `--tools FILE`, or none.
 */
export async function schemaFrom(
  args: CliArgs,
  io: CliIo,
  cedar: PolicyCedarModule,
): Promise<string | undefined> {
  const schemaFile = args.values.schema;
  const toolsFile = args.values.tools;
  if (typeof schemaFile === 'string' && typeof toolsFile === 'string') {
    throw new CliUsageError('conflicting_options', 'give --schema or --tools, not both');
  }
  if (typeof schemaFile === 'string') return readText(schemaFile, io);
  if (typeof toolsFile === 'string') {
    const server =
      typeof args.values.server === 'string' ? await readJson(args.values.server, io) : undefined;
    const tools = await readTools(toolsFile, io);
    return cedar.cedarSchemaText(
      cedar.cedarSchemaFromTools(tools, server === undefined ? {} : { server }),
    );
  }
  return undefined;
}
