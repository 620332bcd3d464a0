// The floor of any stdio proxy: one extra process that copies bytes between the host and
// trivial-server.mjs (no parsing, no sealing). The bench shows it beside the sealing proxy,
// so its ratio separates the cost of the process hop from the cost of the proxy's work.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const server = spawn(
  process.execPath,
  [fileURLToPath(new URL('./trivial-server.mjs', import.meta.url))],
  { stdio: ['pipe', 'pipe', 'ignore'] },
);
process.stdin.pipe(server.stdin);
server.stdout.pipe(process.stdout);
process.stdin.on('end', () => server.kill());
server.on('exit', () => process.exit(0));
