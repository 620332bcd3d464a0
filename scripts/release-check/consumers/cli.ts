// Type-checks the programmatic API of the `argseal` package.
import { type CliIo, EXIT_CODES, type ExitCode, runCli, VERSION } from 'argseal';

export async function hash(text: string): Promise<string> {
  let out = '';
  async function* stdin(): AsyncGenerator<string> {
    yield text;
  }
  const io: CliIo = {
    stdin: stdin(),
    stdout: { write: (chunk: string) => (out += chunk) },
    stderr: { write: () => true },
  };
  const status: number = await runCli(['hash', '--agent', 'a', '--tool', 't'], io);
  const ok: ExitCode = EXIT_CODES.ok;
  return status === ok ? out.trim() : `argseal ${VERSION} failed`;
}
