import { ArgsealConfigError } from '../errors.js';

/**
 * An options object had a key its receiver does not know (`createAuthorizer({ approval })`,
 * `{ polcy }`, `trustClientApproval`). Code `unknown_option`; `option` is the key,
 * `suggestion` the nearest known name (when one is close), `where` the function or object
 * whose options were checked. Thrown at setup, before anything runs or is stored.
 */
export class UnknownOptionError extends ArgsealConfigError<'unknown_option'> {
  /** The function or options object that refused the key, e.g. `createAuthorizer`. */
  readonly where: string;
  /** The unknown key as given. */
  readonly option: string;
  /** The nearest known key, when one is within a small edit distance. */
  readonly suggestion: string | undefined;

  constructor(where: string, option: string, suggestion: string | undefined) {
    super(
      'unknown_option',
      `${where}: unknown option "${option}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}`,
    );
    this.name = 'UnknownOptionError';
    this.where = where;
    this.option = option;
    this.suggestion = suggestion;
  }
}

function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost));
    }
    prev = row;
  }
  return prev[y.length]!;
}

/** The known name nearest to `key` (edit distance at most a third of its length, min 2). */
export function nearestOption(key: string, known: readonly string[]): string | undefined {
  if (key.length > 64) return undefined;
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(key.length / 3)) + 1;
  for (const name of known) {
    const d = distance(key, name);
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * Refuses an options object with a key not in `known`: throws {@link UnknownOptionError}
 * (`unknown_option`) naming `where`, the key and the nearest known name. Every argseal
 * package checks its options objects with it at setup, so a typo fails loudly instead of
 * silently weakening the configuration. Own enumerable string keys are checked (symbol
 * keys are ignored); a non-object `options` is left to the caller's own checks.
 */
export function assertKnownOptions(
  where: string,
  options: unknown,
  known: readonly string[],
): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return;
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) throw new UnknownOptionError(where, key, nearestOption(key, known));
  }
}
