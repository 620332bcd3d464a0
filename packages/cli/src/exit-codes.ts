/**
 * Exit statuses of the `argseal` command. They are part of its public interface:
 * scripts may branch on them.
 */
export const EXIT_CODES = {
  /** The command did what was asked. */
  ok: 0,
  /**
   * `audit verify`: the audit chain does not verify: `error: audit/<reason> at record <i>`;
   * `policy check|test`: the policies are refused (`error: policy/<code> ...`) or, with
   * `--fail-on-change`, a replayed decision would change.
   */
  broken: 1,
  /** The input was read but rejected (strict decoding failed): `error: <stage>/<code> at <path>`. */
  rejected: 2,
  /** The command line was wrong or the input file unreadable: `error: usage/<code> ...` (EX_USAGE). */
  usage: 64,
  /** A bug in argseal: `error: internal/<code> ...` (EX_SOFTWARE). */
  internal: 70,
} as const;

/** One of the {@link EXIT_CODES} values: 0, 1, 2, 64 or 70. */
export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];
