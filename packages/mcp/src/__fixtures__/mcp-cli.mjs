// `argseal mcp ...` as a separate OS process (the built package), for multi-process tests.
import { runMcpCli } from '../../dist/cli.js';

const code = await runMcpCli(process.argv.slice(2), {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
});
process.exit(code);
