/** A CliIo that collects what a command writes, for tests. */
export function captureIo(cwd?: string) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      ...(cwd ? { cwd } : {}),
      stdout: { write: (t: string) => out.push(t) },
      stderr: { write: (t: string) => err.push(t) },
    },
  };
}
