/** Where a command reads and writes. `bin.ts` passes the process streams; tests may pass their own. */
export interface CliIo {
  /** Standard input: byte chunks (e.g. `process.stdin`) or text chunks. Empty when absent. */
  stdin?: AsyncIterable<Uint8Array | string> | undefined;
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  /** Directory that relative FILE arguments resolve against. Default `process.cwd()`. */
  cwd?: string | undefined;
}
