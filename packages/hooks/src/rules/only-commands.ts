import type { ShellReading } from './shell-commands.js';

/** Where a command given by path is still the system's own program of that name. */
const SYSTEM_DIRS = new Set(['/bin', '/usr/bin', '/usr/local/bin', '/sbin', '/usr/sbin']);

/** Whether a command word runs the system's program `name`: bare (found through PATH) or under a system bin directory. */
export function isSystemCommand(word: string, name: string): boolean {
  if (word === name) return true; // found through PATH
  const dir = word.slice(0, word.length - name.length - 1);
  return word.endsWith(`/${name}`) && SYSTEM_DIRS.has(dir);
}

/**
 * The closed reading of an allow list (`onlyCommands`): true only when the line was read in
 * full, is not complex (no expansion anywhere, no wrapper, assignment, `eval`, `sh -c`,
 * keyword or glob in a command word: {@link ShellReading.complex}), and every command it
 * runs is a literal name in `only` — bare, or under `/bin`, `/usr/bin`, `/usr/local/bin`,
 * `/sbin`, `/usr/sbin` (never `./ls`) — with no redirection.
 */
export function onlyCommandsCover(reading: ShellReading, only: ReadonlySet<string>): boolean {
  if (reading.opaque || reading.complex !== undefined || reading.commands.length === 0)
    return false;
  return reading.commands.every(
    (c) =>
      c.kind === 'literal' &&
      c.name !== '' &&
      only.has(c.name) &&
      isSystemCommand(c.word, c.name) &&
      c.redirects.length === 0,
  );
}
