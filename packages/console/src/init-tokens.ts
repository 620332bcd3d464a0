import { randomBytes } from 'node:crypto';
import { mkdir, open } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { ConsoleError } from './errors.js';
import { createTokenRegistry } from './tokens.js';

/** Where `argseal console --init` writes the token file by default. */
export const DEFAULT_CONFIG_FILE = '.argseal/console.json';

/** What {@link initConsoleTokens} created: the file and the tokens, shown to the operator once. */
export interface InitializedTokens {
  file: string;
  approvers: Record<string, string>;
  agents: Record<string, string>;
}

const newToken = () => randomBytes(24).toString('base64url');

/**
 * Creates a console token file with fresh random tokens, readable by its owner only (0600).
 * Never overwrites: an existing file is `config_exists`. Names are checked like any token
 * name (`invalid_token_name`).
 */
export async function initConsoleTokens(options: {
  file?: string | undefined;
  approvers: readonly string[];
  agents?: readonly string[];
}): Promise<InitializedTokens> {
  const file = resolve(options.file ?? DEFAULT_CONFIG_FILE);
  const approvers = Object.fromEntries(options.approvers.map((n) => [n, newToken()]));
  const agents = Object.fromEntries((options.agents ?? []).map((n) => [n, newToken()]));
  if (Object.keys(approvers).length === 0)
    throw new ConsoleError('no_approver_tokens', 'name at least one approver');
  createTokenRegistry(approvers, 'approver');
  createTokenRegistry(agents, 'agent');
  for (const name of Object.keys(agents))
    if (Object.hasOwn(approvers, name))
      throw new ConsoleError('duplicate_token', `"${name}" is both an approver and an agent`);
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'wx', 0o600);
  } catch (cause) {
    const exists = (cause as { code?: string }).code === 'EEXIST';
    throw new ConsoleError(
      exists ? 'config_exists' : 'config_unreadable',
      exists
        ? `${file} exists; it is never overwritten (delete it to make new tokens)`
        : `cannot create ${file}`,
      { cause },
    );
  }
  try {
    await handle.chmod(0o600);
    await handle.writeFile(`${JSON.stringify({ approvers, agents }, null, 2)}\n`);
  } finally {
    await handle.close();
  }
  return { file, approvers, agents };
}
