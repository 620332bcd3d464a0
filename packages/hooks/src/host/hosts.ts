/** The agent hosts `argseal hook` speaks to. */
export type HostName = 'claude-code' | 'codex';

/** Every supported host, in help order. */
export const HOSTS: readonly HostName[] = ['claude-code', 'codex'];

/** True when `name` is a supported host. */
export function isHostName(name: unknown): name is HostName {
  return name === 'claude-code' || name === 'codex';
}
