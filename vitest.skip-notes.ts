/**
 * Why tests were skipped, said once per run. A test file whose suite needs something this
 * machine lacks (PostgreSQL, Chromium, a real host, the MCP conformance CLI, test data)
 * writes one console line `[argseal skip] WHAT | MISSING | HOW TO ENABLE` (test-kit's
 * `noteSkip`). The root config's `onConsoleLog` takes those lines out of the test output and
 * collects them here; the global setup's teardown prints them grouped, after vitest's summary.
 * Both run in vitest's main process, so the collection lives on `globalThis`.
 */
const KEY = Symbol.for('argseal.skip-notes');
const PREFIX = '[argseal skip] ';

interface SkipNote {
  missing: string;
  enable: string;
  files: Set<string>;
}

function notes(): Map<string, SkipNote> {
  const g = globalThis as { [KEY]?: Map<string, SkipNote> };
  g[KEY] ??= new Map();
  return g[KEY];
}

/** True (and collected) when `log` is a skip note; vitest then leaves it out of the output. */
export function collectSkipNote(log: string, entity?: unknown): boolean {
  if (!log.startsWith(PREFIX)) return false;
  const [what, missing, enable] = log.slice(PREFIX.length).trim().split(' | ');
  if (!what || !missing || !enable) return false;
  const note = notes().get(what) ?? { missing, enable, files: new Set<string>() };
  const file = (entity as { moduleId?: unknown } | undefined)?.moduleId;
  note.files.add(typeof file === 'string' ? file : `${note.files.size}`);
  notes().set(what, note);
  return true;
}

/** Prints the collected notes (nothing when every suite ran) and forgets them. */
export function printSkipNotes(): void {
  const all = [...notes()].sort(([a], [b]) => a.localeCompare(b));
  notes().clear();
  if (all.length === 0) return;
  const lines = ['', 'Skipped on this machine (each runs in CI, .ci/run):'];
  for (const [what, { missing, enable, files }] of all) {
    const count = files.size === 1 ? '1 file' : `${files.size} files`;
    lines.push(`  - ${what} (${count}): ${missing}`, `      to run them: ${enable}`);
  }
  console.log(lines.join('\n'));
}
